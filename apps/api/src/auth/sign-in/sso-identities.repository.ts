import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ModuleRepository } from '../../platform/database/repository';
import { SsoIdentityEntity } from './sso-identity.entity';

/** The queries of single sign-on's identities (auth module: sso_identities). */
@Injectable()
export class SsoIdentitiesRepository extends ModuleRepository {
  constructor(@InjectDataSource() dataSource: DataSource) {
    super(dataSource);
  }

  /** The account an OpenID provider's subject was linked to. */
  async userOf(issuer: string, subject: string): Promise<number | undefined> {
    const row = await this.dataSource.getRepository(SsoIdentityEntity).findOne({ where: { issuer, subject }, select: { userId: true } });
    return row?.userId;
  }

  /** Links the provider's subject to the account (a second link of the same subject at once changes nothing). */
  async link(issuer: string, subject: string, userId: number): Promise<void> {
    await this.dataSource
      .getRepository(SsoIdentityEntity)
      .createQueryBuilder()
      .insert()
      .values({ issuer, subject, userId })
      .orIgnore()
      .execute();
  }
}
