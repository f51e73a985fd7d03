/** One HTTP request the load driver sends. */
export type DriverRequest = {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
};
