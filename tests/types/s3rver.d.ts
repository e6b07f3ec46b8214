/** The part of s3rver's API our tests use (it ships no types). */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string; resetOnClose?: boolean });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
