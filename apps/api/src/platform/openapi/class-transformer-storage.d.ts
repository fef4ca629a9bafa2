/** class-transformer's metadata (where @Type records a nested DTO's class), which its package ships without a declaration. */
declare module 'class-transformer/cjs/storage' {
  import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
  export const defaultMetadataStorage: MetadataStorage;
}
