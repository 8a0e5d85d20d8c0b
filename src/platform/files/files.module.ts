import { Global, Module } from '@nestjs/common';
import { FileStore } from './file-store';
import { LocalDiskFileStore } from './local-disk-file-store';

/** The FileStore port and its adapter (local disk under DATA_DIR). */
@Global()
@Module({
  providers: [{ provide: FileStore, useClass: LocalDiskFileStore }],
  exports: [FileStore],
})
export class FilesModule {}
