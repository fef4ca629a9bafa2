import { CHAT_MESSAGES, CHAT_ROOM_DESCRIPTION_MAX, CHAT_ROOM_NAME_MAX, type CreateChatRoomRequest } from '@wkflow/contracts';
import * as yup from 'yup';
import type { FormFields } from '../../lib/formFields';

export const chatMessages = {
  roomName: CHAT_MESSAGES.roomName,
  roomNameMax: `Nome da sala deve ter no máximo ${CHAT_ROOM_NAME_MAX} caracteres`,
  descriptionMax: `Descrição deve ter no máximo ${CHAT_ROOM_DESCRIPTION_MAX} caracteres`,
} as const;

export type RoomFormValues = FormFields<CreateChatRoomRequest>;

/** extended.md §5: a room needs a non-blank name; the description is optional. */
export const roomSchema: yup.ObjectSchema<RoomFormValues> = yup.object({
  name: yup.string().trim().required(chatMessages.roomName).max(CHAT_ROOM_NAME_MAX, chatMessages.roomNameMax),
  description: yup.string().trim().defined().default('').max(CHAT_ROOM_DESCRIPTION_MAX, chatMessages.descriptionMax),
});

export const emptyRoomValues: RoomFormValues = { name: '', description: '' };
