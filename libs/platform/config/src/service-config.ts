import { IsIn, IsInt, IsString, Matches, Max, Min } from 'class-validator';

/** Settings every service shares. Each service's own config class extends this one. */
export class ServiceConfig {
  /** NATS server URL(s), comma separated. */
  @IsString()
  NATS_URL: string = 'nats://127.0.0.1:4222';

  /**
   * Copies of every stream and bucket the services create: 1 on a single server, 3 on a clustered JetStream so
   * losing one node loses no message (more than the cluster has nodes and creating the stream fails).
   */
  @IsInt()
  @Min(1)
  @Max(5)
  NATS_REPLICAS: number = 1;

  /**
   * Prefix of every stream, subject, consumer and bucket name, so several deployments (or test runs)
   * share one NATS server without colliding.
   */
  @Matches(/^[a-z][a-z0-9_]{0,30}$/)
  WH_NAMESPACE: string = 'wh';

  @IsIn(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'])
  LOG_LEVEL: string = 'info';

  /** Port of the service's HTTP server (the API on the gateway, health endpoints elsewhere). */
  @IsInt()
  @Min(0)
  @Max(65535)
  HTTP_PORT: number = 3000;

  /** How long a stopping service waits for in-flight work before handing it back. */
  @IsInt()
  @Min(0)
  SHUTDOWN_GRACE_MS: number = 20_000;
}
