import { describe, expect, it } from 'vitest';
import { emptyRoomValues, roomSchema } from './chat.schemas';

describe('roomSchema', () => {
  it('accepts a name; the description is optional and trimmed', async () => {
    await expect(roomSchema.validate({ name: ' Geral ', description: '' })).resolves.toEqual({ name: 'Geral', description: '' });
    await expect(roomSchema.validate({ name: 'Geral', description: ' Avisos ' })).resolves.toEqual({
      name: 'Geral',
      description: 'Avisos',
    });
  });

  it.each(['', '   ', undefined])('rejects the name %j with "Nome da sala é obrigatório"', async (name) => {
    await expect(roomSchema.validate({ ...emptyRoomValues, name })).rejects.toThrow('Nome da sala é obrigatório');
  });

  it('caps the name at 80 and the description at 500 characters', async () => {
    await expect(roomSchema.validate({ name: 'x'.repeat(81), description: '' })).rejects.toThrow(
      'Nome da sala deve ter no máximo 80 caracteres',
    );
    await expect(roomSchema.validate({ name: 'Geral', description: 'x'.repeat(501) })).rejects.toThrow(
      'Descrição deve ter no máximo 500 caracteres',
    );
    await expect(roomSchema.validate({ name: 'x'.repeat(80), description: 'x'.repeat(500) })).resolves.toBeTruthy();
  });
});
