import { ApiException } from './api-error';
import { decodeCursor, encodeCursor, toCursorPage, toPage } from './pagination';

describe('pagination', () => {
  it('round-trips a cursor and rejects anything else with INVALID_CURSOR', () => {
    const position = { sortKey: '2026-11-22T00:00:00.000Z', id: '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9a01' };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
    for (const bad of ['', '!!', 'e30', Buffer.from('[1,2]').toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow(ApiException);
    }
  });

  it('computes page totals', () => {
    expect(toPage([], 0, { page: 0, size: 20 })).toEqual({
      items: [],
      page: 0,
      size: 20,
      totalItems: 0,
      totalPages: 0,
    });
    expect(toPage([1], 41, { page: 2, size: 20 }).totalPages).toBe(3);
  });

  it('gives a next cursor only when a row beyond the page was fetched', () => {
    const rows = [1, 2, 3].map((n) => ({ id: `id${n}`, at: `t${n}` }));
    const position = (row: { id: string; at: string }) => ({ sortKey: row.at, id: row.id });
    const full = toCursorPage(rows, 2, position, (row) => row.id);
    expect(full.items).toEqual(['id1', 'id2']);
    expect(decodeCursor(full.nextCursor!)).toEqual({ sortKey: 't2', id: 'id2' });
    expect(toCursorPage(rows, 3, position, (row) => row.id).nextCursor).toBeNull();
  });
});
