import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { DataSource } from 'typeorm';
import { InternalKey, Public } from '../../src/platform/auth/auth.decorators';
import { CursorQueryDto, decodeCursor, PageQueryDto, toPage } from '../../src/platform/http/pagination';
import { UuidParam } from '../../src/platform/http/uuid-param.decorator';

class ProbeAddress {
  @IsString()
  @MaxLength(20)
  city: string;
}

class ProbeBody {
  @IsString()
  @MaxLength(50)
  name: string;

  @IsInt()
  @Min(1)
  @Max(1_000_000)
  amount: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => ProbeAddress)
  address?: ProbeAddress;
}

/** The parameters `GET /probe/sql-failure` sends with its failing statement. */
export const PROBE_SQL_SECRETS = {
  pinHash: '$2b$10$probePinHashThatMustNotBeLogged0000000000000000000000',
  phone: '+2348099912345',
};

/** Test-only routes that exercise the HTTP platform: validation, errors, auth, paging. */
@Controller('probe')
export class ProbeController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Post('echo')
  @Public()
  echo(@Body() body: ProbeBody): ProbeBody {
    return body;
  }

  @Get('items/:id')
  @Public()
  item(@UuidParam('id') id: string): { id: string } {
    return { id };
  }

  @Get('boom')
  @Public()
  boom(): never {
    throw new Error('secret detail: password=hunter2 at /srv/app.ts:42');
  }

  @Get('duplicate')
  @Public()
  async duplicate(): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`CREATE TEMP TABLE probe_unique (v int PRIMARY KEY) ON COMMIT DROP`);
      await manager.query(`INSERT INTO probe_unique VALUES (1)`);
      await manager.query(`INSERT INTO probe_unique VALUES (1)`);
    });
  }

  /**
   * A statement that fails unexpectedly (division by zero is no client error) while carrying
   * parameters that must never reach a log: a PIN hash and a phone number.
   */
  @Get('sql-failure')
  @Public()
  async sqlFailure(): Promise<void> {
    await this.dataSource.query(`SELECT $1::text AS pin_hash, $2::text AS phone, 1 / $3::int AS boom`, [
      PROBE_SQL_SECRETS.pinHash,
      PROBE_SQL_SECRETS.phone,
      0,
    ]);
  }

  @Get('slow')
  @Public()
  async slow(@Query('ms') ms = '300'): Promise<{ waited: number }> {
    const waited = Math.min(Number(ms) || 0, 5000);
    await new Promise((resolve) => setTimeout(resolve, waited));
    return { waited };
  }

  @Get('internal')
  @InternalKey()
  internal(): { ok: true } {
    return { ok: true };
  }

  @Get('pages')
  @Public()
  pages(@Query() query: PageQueryDto) {
    return toPage([{ n: query.offset }], 45, query);
  }

  @Get('cursor')
  @Public()
  cursor(@Query() query: CursorQueryDto) {
    return { position: query.cursor ? decodeCursor(query.cursor) : null, size: query.size };
  }
}

/** A controller that forgot its auth decorator: the app must refuse to boot with it. */
@Controller('forgotten')
export class UndecoratedController {
  @Get()
  list(): string[] {
    return [];
  }
}
