import { Global, Module } from '@nestjs/common';
import { UploadSlots } from './upload-slots';
import { UploadSweeper } from './upload-sweeper';

/** What every upload route shares: the per-user slots and the sweep of UPLOAD_DIR. Owns no table. */
@Global()
@Module({ providers: [UploadSlots, UploadSweeper], exports: [UploadSlots, UploadSweeper] })
export class UploadsModule {}
