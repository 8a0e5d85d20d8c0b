/** What the store knows of a file it kept. */
export interface StoredFile {
  sizeBytes: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
}

/** Keys are ours, never a client's file name: lower-case segments of letters, digits and hyphens. */
export const FILE_KEY_PATTERN = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

/**
 * The port for files the service keeps (KYB evidence, statements): a local-disk adapter today,
 * an S3-compatible one later. `put` replaces any file at the key.
 */
export abstract class FileStore {
  abstract put(key: string, content: Buffer): Promise<StoredFile>;
  abstract read(key: string): Promise<Buffer>;
  /** Removes the file; a key with no file is not an error. */
  abstract remove(key: string): Promise<void>;
}

export function assertFileKey(key: string): void {
  if (!FILE_KEY_PATTERN.test(key)) throw new Error(`not a file key: ${JSON.stringify(key)}`);
}
