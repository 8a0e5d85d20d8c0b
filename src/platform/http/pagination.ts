import { applyDecorators, Type as ClassType, UseInterceptors } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProperty, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Omittable } from './omittable.decorator';
import { ApiException } from './api-error';
import { LINK_HEADER, TOTAL_COUNT_HEADER } from './page-links';
import { PagedArrayInterceptor } from './paged-array.interceptor';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** The `size` query parameter of every list, page-numbered or cursor: 1 to MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE when left out. */
function PageSizeField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      description: 'Items per page.',
      required: false,
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
      default: DEFAULT_PAGE_SIZE,
    }),
    Omittable(),
    Type(() => Number),
    IsInt(),
    Min(1),
    Max(MAX_PAGE_SIZE),
  );
}

/** `page` and `size` query parameters of every page-numbered list. */
export class PageQueryDto {
  // Documented by hand: the swagger plugin reads only *.dto.ts files, and this is not one.
  @ApiProperty({
    description: 'Zero-based page number.',
    required: false,
    type: 'integer',
    minimum: 0,
    maximum: 1_000_000,
    default: 0,
  })
  @Omittable()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  page: number = 0;

  @PageSizeField()
  size: number = DEFAULT_PAGE_SIZE;

  get offset(): number {
    return this.page * this.size;
  }
}

export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  totalItems: number;
  totalPages: number;
}

export function toPage<T>(items: T[], totalItems: number, query: { page: number; size: number }): Page<T> {
  return {
    items,
    page: query.page,
    size: query.size,
    totalItems,
    totalPages: Math.ceil(totalItems / query.size),
  };
}

/** `cursor` and `size` query parameters of every cursor list. */
export class CursorQueryDto {
  // Documented by hand, as PageQueryDto is: the swagger plugin does not read this file.
  @ApiProperty({
    description: "Opaque cursor from the previous page's `nextCursor`; omit for the first page.",
    required: false,
    maxLength: 512,
  })
  @Omittable()
  @IsString()
  @MaxLength(512)
  cursor?: string;

  @PageSizeField()
  size: number = DEFAULT_PAGE_SIZE;
}

export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** The position of a row in a list ordered by (`sortKey`, `id`). */
export interface CursorPosition {
  sortKey: string;
  id: string;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.sortKey, position.id]), 'utf8').toString('base64url');
}

/** Decodes a cursor made by `encodeCursor`; anything else is a 400 `INVALID_CURSOR`. */
export function decodeCursor(cursor: string): CursorPosition {
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(decoded) &&
      decoded.length === 2 &&
      typeof decoded[0] === 'string' &&
      typeof decoded[1] === 'string'
    ) {
      return { sortKey: decoded[0], id: decoded[1] };
    }
  } catch {
    // fall through to the client error below
  }
  throw new ApiException('INVALID_CURSOR', 'The cursor is not one this list issued', [
    { field: 'query.cursor', message: 'does not decode' },
  ]);
}

/**
 * Builds a cursor page from `size + 1` fetched rows: the extra row only tells whether another
 * page exists.
 */
export function toCursorPage<Row, Item>(
  rows: Row[],
  size: number,
  position: (row: Row) => CursorPosition,
  map: (row: Row) => Item,
): CursorPage<Item> {
  const pageRows = rows.slice(0, size);
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(map),
    nextCursor: rows.length > size && last !== undefined ? encodeCursor(position(last)) : null,
  };
}

@ApiSchema({ name: 'PageMeta' })
class PageMetaDto {
  @ApiProperty({ type: 'integer', example: 0 })
  page: number;

  @ApiProperty({ type: 'integer', example: 20 })
  size: number;

  @ApiProperty({ type: 'integer', example: 42 })
  totalItems: number;

  @ApiProperty({ type: 'integer', example: 3 })
  totalPages: number;
}

@ApiSchema({ name: 'CursorPageMeta' })
class CursorMetaDto {
  @ApiProperty({ type: String, nullable: true, example: 'WyIyMDI2LTExLTIyVDEwOjAwOjAwWiIsIjAxOTMiXQ' })
  nextCursor: string | null;
}

const pageSchemas = new Map<string, ClassType<unknown>>();

/**
 * The named schema of one page of `item`: `{ items, page, size, totalItems, totalPages }`, e.g.
 * `TransactionPage`. Client generators then get a type per list rather than an anonymous one.
 */
export function PageOf(item: ClassType<unknown>, name: string): ClassType<unknown> {
  let schema = pageSchemas.get(name);
  if (!schema) {
    @ApiSchema({ name })
    class NamedPage extends PageMetaDto {
      @ApiProperty({ type: [item] })
      items: unknown[];
    }
    schema = NamedPage;
    pageSchemas.set(name, schema);
  }
  return schema;
}

/** Documents a 200 response of one page of `item`, under the schema name `name`. */
export function ApiPageResponse(item: ClassType<unknown>, name: string, description?: string) {
  return ApiOkResponse({ description, type: PageOf(item, name) });
}

/**
 * For a route the spec answers with "array of X" that still takes `page` and `size`: the
 * handler returns a `Page` as usual, and the client receives the bare JSON array of its items
 * with `X-Total-Count` and an RFC 8288 `Link` header (first, prev, next, last). Documents the
 * array and both headers. `exampleQuery` is the route's path and a filter after the API prefix
 * (`admin/merchants?kybStatus=UNDER_REVIEW`), so the `Link` example shows the route's own URLs;
 * `defaultSize` the route's own default `size`, when it has one.
 */
export function PagedArrayResponse(
  item: ClassType<unknown>,
  description: string,
  exampleQuery: string,
  defaultSize: number = DEFAULT_PAGE_SIZE,
) {
  const link = (page: number, rel: string) =>
    `<https://api.example.com/api/v1/${exampleQuery}&size=${defaultSize}&page=${page}>; rel="${rel}"`;
  return applyDecorators(
    UseInterceptors(PagedArrayInterceptor),
    ApiOkResponse({
      description,
      type: [item],
      headers: {
        [TOTAL_COUNT_HEADER]: {
          description: 'Items in the whole list with these filters, every page together.',
          schema: { type: 'integer', minimum: 0, example: 42 },
        },
        [LINK_HEADER]: {
          description:
            'RFC 8288 links to the `first`, `prev`, `next` and `last` pages (`prev` and `next` only where such a page exists): absolute URLs carrying the same filters and `size`. A page past the end answers `[]`, and its `prev` is the last page.',
          schema: {
            type: 'string',
            example: [link(0, 'first'), link(1, 'next'), link(2, 'last')].join(', '),
          },
        },
      },
    }),
  );
}

/** Documents a 200 response of `{ items: Item[], nextCursor }`. */
export function ApiCursorPageResponse(item: ClassType<unknown>, description?: string) {
  return applyDecorators(
    ApiExtraModels(CursorMetaDto, item),
    ApiOkResponse({
      description,
      schema: {
        allOf: [
          { $ref: getSchemaPath(CursorMetaDto) },
          { properties: { items: { type: 'array', items: { $ref: getSchemaPath(item) } } }, required: ['items'] },
        ],
      },
    }),
  );
}
