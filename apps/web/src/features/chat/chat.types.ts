/** The chat domain as the API speaks it (libs/contracts). */
export type {
  ChatMessage,
  ChatRoom,
  CreateChatRoomRequest as CreateRoomBody,
  SendChatMessageRequest as SendMessageBody,
} from '@wkflow/contracts';
