/**
 * Applies the deployment namespace to every NATS name, so deployments and parallel test runs that share
 * one server never see each other's streams, subjects, consumers or buckets.
 */
export class Namespace {
  constructor(readonly prefix: string) {}

  subject(subject: string): string {
    return `${this.prefix}.${subject}`;
  }
  stream(name: string): string {
    return `${this.prefix.toUpperCase()}_${name}`;
  }
  consumer(durableName: string): string {
    return `${this.prefix}-${durableName}`;
  }
  bucket(name: string): string {
    return `${this.prefix}_${name}`;
  }
  queueGroup(serviceName: string): string {
    return `${this.prefix}.${serviceName}`;
  }
}
