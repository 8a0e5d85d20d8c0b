import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { KeyedHash } from '../crypto/keyed-hash';
import {
  type RefreshableSession,
  type RefreshSessionStore,
  RefreshSessions,
  type RefreshTokenKind,
  type RefreshTokenRow,
} from './refresh-sessions';

const config = { KEY_HASH_SECRET: 'k'.repeat(40), REFRESH_TOKEN_TTL_SECONDS: 3600 } as AppConfig;
const KIND: RefreshTokenKind = { prefix: 'xt_', purpose: 'test-refresh-token' };
const manager = {} as EntityManager;
const T0 = new Date('2026-01-01T00:00:00Z');
const later = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

/** Session and token rows in memory, with the calls the rotation made. */
class MemoryStore implements RefreshSessionStore<RefreshableSession> {
  readonly sessions = new Map<string, RefreshableSession>();
  readonly tokens: RefreshTokenRow[] = [];
  readonly endedForReuse: string[] = [];
  allowed = true;

  lockRefreshToken(_manager: EntityManager, tokenHash: string): Promise<RefreshTokenRow | null> {
    return Promise.resolve(this.tokens.find((token) => token.tokenHash === tokenHash) ?? null);
  }

  lockSession(_manager: EntityManager, id: string): Promise<RefreshableSession | null> {
    return Promise.resolve(this.sessions.get(id) ?? null);
  }

  endForReuse(_manager: EntityManager, session: RefreshableSession, now: Date): Promise<void> {
    session.revokedAt = now;
    this.endedForReuse.push(session.id);
    return Promise.resolve();
  }

  mayRefresh(): Promise<boolean> {
    return Promise.resolve(this.allowed);
  }

  rotate(
    _manager: EntityManager,
    presented: RefreshTokenRow,
    successor: RefreshTokenRow,
    now: Date,
    expiresAt: Date,
  ): Promise<void> {
    presented.rotatedAt = now;
    this.tokens.push(successor);
    this.sessions.get(presented.sessionId)!.expiresAt = expiresAt;
    return Promise.resolve();
  }
}

describe('RefreshSessions', () => {
  const refreshSessions = new RefreshSessions(new KeyedHash(config), config);
  let store: MemoryStore;
  let firstToken: string;

  beforeEach(() => {
    store = new MemoryStore();
    store.sessions.set('s1', { id: 's1', expiresAt: refreshSessions.expiresAt(T0), revokedAt: null });
    const issued = refreshSessions.issue(KIND, 's1', T0);
    store.tokens.push(issued.row);
    firstToken = issued.raw;
  });

  it('issues prefixed random tokens and keeps only their keyed digest', () => {
    expect(firstToken).toMatch(/^xt_[A-Za-z0-9_-]{43}$/);
    const row = store.tokens[0];
    expect(row).toMatchObject({ sessionId: 's1', issuedAt: T0, rotatedAt: null });
    expect(row.tokenHash).toBe(new KeyedHash(config).digest(KIND.purpose, firstToken));
    expect(row.tokenHash).not.toContain(firstToken.slice(3));
    expect(refreshSessions.issue(KIND, 's1', T0).raw).not.toBe(firstToken);
  });

  it('rotates: the presented token retires, its successor works, and the session lives on from now', async () => {
    const rotated = await refreshSessions.rotate(manager, KIND, store, firstToken, later(60));
    expect(rotated).toMatchObject({ kind: 'rotated', session: { id: 's1' }, refreshTokenExpiresAt: later(3660) });
    expect(store.tokens[0].rotatedAt).toEqual(later(60));
    expect(store.sessions.get('s1')!.expiresAt).toEqual(later(3660));
    const successor = rotated.kind === 'rotated' ? rotated.refreshToken : '';
    expect(successor).not.toBe(firstToken);
    await expect(refreshSessions.rotate(manager, KIND, store, successor, later(120))).resolves.toMatchObject({
      kind: 'rotated',
    });
  });

  it('a retired token presented again ends the session, and its successor stops working too', async () => {
    const rotated = await refreshSessions.rotate(manager, KIND, store, firstToken, later(60));
    await expect(refreshSessions.rotate(manager, KIND, store, firstToken, later(90))).resolves.toMatchObject({
      kind: 'reused',
      session: { id: 's1' },
    });
    expect(store.endedForReuse).toEqual(['s1']);
    const successor = rotated.kind === 'rotated' ? rotated.refreshToken : '';
    await expect(refreshSessions.rotate(manager, KIND, store, successor, later(95))).resolves.toEqual({
      kind: 'invalid',
    });
  });

  it('refuses an unknown token, a token of another kind, an expired session and a holder no longer allowed', async () => {
    await expect(refreshSessions.rotate(manager, KIND, store, 'xt_unknown', later(1))).resolves.toEqual({
      kind: 'invalid',
    });
    const otherKind = { prefix: 'xt_', purpose: 'another-purpose' };
    await expect(refreshSessions.rotate(manager, otherKind, store, firstToken, later(1))).resolves.toEqual({
      kind: 'invalid',
    });
    await expect(refreshSessions.rotate(manager, KIND, store, firstToken, later(3600))).resolves.toEqual({
      kind: 'invalid',
    });
    store.allowed = false;
    await expect(refreshSessions.rotate(manager, KIND, store, firstToken, later(1))).resolves.toEqual({
      kind: 'invalid',
    });
    expect(store.tokens).toHaveLength(1);
    expect(store.tokens[0].rotatedAt).toBeNull();
    expect(store.endedForReuse).toEqual([]);
  });
});
