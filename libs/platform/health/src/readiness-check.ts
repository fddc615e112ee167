/** One dependency the service needs before it takes work. */
export interface ReadinessCheck {
  readonly name: string;
  isReady(): Promise<boolean>;
}
