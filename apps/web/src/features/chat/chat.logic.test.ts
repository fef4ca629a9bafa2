import { describe, expect, it } from 'vitest';
import {
  authorName,
  canSendMessage,
  composerKeyAction,
  excerpt,
  formatMessageTime,
  mayHaveOlder,
  mergeMessages,
  unreadLabel,
} from './chat.logic';
import type { ChatMessage } from '@wkflow/contracts';

function message(id: number, created_at: string, text = `m${id}`): ChatMessage {
  return {
    id,
    room_id: 1,
    message: text,
    user_id: 1,
    user_name: 'Ana',
    username: 'ana',
    created_at,
    is_edited: false,
    reply_to: null,
    reply_message: null,
  };
}

describe('formatMessageTime', () => {
  const now = new Date(2024, 5, 10, 15, 30); // 10/06/2024 15:30 local

  it('shows HH:mm for messages under 24 hours old', () => {
    expect(formatMessageTime(new Date(2024, 5, 10, 9, 5).toISOString(), now)).toBe('09:05');
    expect(formatMessageTime(new Date(2024, 5, 9, 15, 31).toISOString(), now)).toBe('15:31'); // yesterday, 23h59 ago
    expect(formatMessageTime(new Date(2024, 5, 10, 15, 31).toISOString(), now)).toBe('15:31'); // clock skew: a minute ahead
  });

  it('shows dd/MM from 24 hours on', () => {
    expect(formatMessageTime(new Date(2024, 5, 9, 15, 30).toISOString(), now)).toBe('09/06');
    expect(formatMessageTime(new Date(2023, 11, 25, 8, 0).toISOString(), now)).toBe('25/12');
  });

  it('is empty without a valid date', () => {
    expect(formatMessageTime(null, now)).toBe('');
    expect(formatMessageTime('ontem', now)).toBe('');
  });
});

describe('authorName', () => {
  it('prefers the name, then the username, then "Usuário"', () => {
    expect(authorName({ user_name: 'Ana Costa', username: 'ana' })).toBe('Ana Costa');
    expect(authorName({ user_name: null, username: 'ana' })).toBe('ana');
    expect(authorName({ user_name: ' ', username: null })).toBe('Usuário');
  });
});

describe('mergeMessages', () => {
  it('joins older pages and the latest page without duplicates, oldest first', () => {
    const older = [message(1, '2024-06-10T10:00:00Z'), message(2, '2024-06-10T10:01:00Z')];
    const latest = [message(3, '2024-06-10T10:02:00Z'), message(2, '2024-06-10T10:01:00Z', 'editada')];
    const merged = mergeMessages(older, latest);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged[1].message).toBe('editada');
  });

  it('accepts pages in any order and missing pages', () => {
    const latestFirst = [message(5, '2024-06-10T10:05:00Z'), message(4, '2024-06-10T10:04:00Z')];
    expect(mergeMessages(undefined, latestFirst, null).map((m) => m.id)).toEqual([4, 5]);
  });

  it('breaks equal timestamps by id', () => {
    expect(mergeMessages([message(9, '2024-06-10T10:00:00Z'), message(8, '2024-06-10T10:00:00Z')]).map((m) => m.id)).toEqual([8, 9]);
  });
});

describe('mayHaveOlder', () => {
  it('is true only for a full page', () => {
    expect(mayHaveOlder(50)).toBe(true);
    expect(mayHaveOlder(49)).toBe(false);
    expect(mayHaveOlder(0)).toBe(false);
    expect(mayHaveOlder(10, 10)).toBe(true);
  });
});

describe('canSendMessage', () => {
  it('needs non-blank text and a selected room', () => {
    expect(canSendMessage('Olá', 1)).toBe(true);
    expect(canSendMessage('  \n ', 1)).toBe(false);
    expect(canSendMessage('Olá', null)).toBe(false);
    expect(canSendMessage('Olá', undefined)).toBe(false);
  });
});

describe('composerKeyAction', () => {
  it('sends on Enter, inserts a newline on Shift+Enter, ignores other keys and IME composition', () => {
    expect(composerKeyAction({ key: 'Enter', shiftKey: false })).toBe('send');
    expect(composerKeyAction({ key: 'Enter', shiftKey: true })).toBe('newline');
    expect(composerKeyAction({ key: 'a', shiftKey: false })).toBeNull();
    expect(composerKeyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBeNull();
  });
});

describe('unreadLabel', () => {
  it('hides zero and caps at 99+', () => {
    expect(unreadLabel(0)).toBeNull();
    expect(unreadLabel(null)).toBeNull();
    expect(unreadLabel(3)).toBe('3');
    expect(unreadLabel(99)).toBe('99');
    expect(unreadLabel(100)).toBe('99+');
  });
});

describe('excerpt', () => {
  it('flattens whitespace and cuts long text with an ellipsis', () => {
    expect(excerpt('linha 1\nlinha   2')).toBe('linha 1 linha 2');
    expect(excerpt('abcdefghij', 6)).toBe('abcde…');
    expect(excerpt(null)).toBe('');
  });
});
