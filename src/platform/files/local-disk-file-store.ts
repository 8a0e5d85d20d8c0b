import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { AppConfig } from '../config/app-config';
import { assertFileKey, FileStore, StoredFile } from './file-store';

/**
 * Files under DATA_DIR/files, one per key. Written to a temporary name and renamed, so a reader
 * never sees half a file; keys are checked against FILE_KEY_PATTERN, so none escapes the root.
 */
@Injectable()
export class LocalDiskFileStore extends FileStore {
  private readonly root: string;

  constructor(config: AppConfig) {
    super();
    this.root = resolve(config.DATA_DIR, 'files');
  }

  async put(key: string, content: Buffer): Promise<StoredFile> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(partial, content, { mode: 0o600 });
    await rename(partial, path);
    return { sizeBytes: content.length, sha256: createHash('sha256').update(content).digest('hex') };
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    assertFileKey(key);
    return join(this.root, ...key.split('/'));
  }
}
