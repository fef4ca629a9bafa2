import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { CHAT_MESSAGE_MAX, CHAT_MESSAGES, CHAT_PAGE_MAX, CHAT_ROOM_DESCRIPTION_MAX, CHAT_ROOM_NAME_MAX } from '@wkflow/contracts';
import { INT4_MAX } from '../../clients/dto/validators';
import { toInteger, trim } from '../../platform/http/validation';
import type { ChatMessagesQuery, CreateChatRoomRequest, SendChatMessageRequest } from '@wkflow/contracts';

const trimToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

/** POST /api/chat/rooms */
export class CreateChatRoomDto implements CreateChatRoomRequest {
  @ApiProperty({ maxLength: CHAT_ROOM_NAME_MAX, example: 'Geral' })
  @Transform(trim)
  @MaxLength(CHAT_ROOM_NAME_MAX, { message: `Nome da sala deve ter no máximo ${CHAT_ROOM_NAME_MAX} caracteres` })
  @IsNotEmpty({ message: CHAT_MESSAGES.roomName })
  @IsString({ message: CHAT_MESSAGES.roomName })
  name: string;

  @ApiPropertyOptional({ nullable: true, maxLength: CHAT_ROOM_DESCRIPTION_MAX })
  @IsOptional()
  @Transform(trimToNull)
  @MaxLength(CHAT_ROOM_DESCRIPTION_MAX, { message: `Descrição da sala deve ter no máximo ${CHAT_ROOM_DESCRIPTION_MAX} caracteres` })
  @IsString({ message: 'Descrição da sala inválida' })
  description?: string | null;
}

/** POST /api/chat/rooms/{id}/messages */
export class SendChatMessageDto implements SendChatMessageRequest {
  @ApiProperty({ maxLength: CHAT_MESSAGE_MAX })
  // Trimmed at the ends; inner line breaks (Shift+Enter) are kept.
  @Transform(trim)
  @MaxLength(CHAT_MESSAGE_MAX, { message: `Mensagem deve ter no máximo ${CHAT_MESSAGE_MAX} caracteres` })
  @IsNotEmpty({ message: CHAT_MESSAGES.message })
  @IsString({ message: CHAT_MESSAGES.message })
  message: string;

  @ApiPropertyOptional({ nullable: true, description: 'id of a message of the same room' })
  @IsOptional()
  @Max(INT4_MAX, { message: 'replyTo deve ser o id de uma mensagem' })
  @Min(1, { message: 'replyTo deve ser o id de uma mensagem' })
  @IsInt({ message: 'replyTo deve ser o id de uma mensagem' })
  replyTo?: number | null;
}

/** GET /api/chat/rooms/{id}/messages?before=&limit= */
export class ChatMessagesQueryDto implements ChatMessagesQuery {
  @ApiPropertyOptional({ description: 'only messages older than this id (the next page up)' })
  @IsOptional()
  @Transform(toInteger)
  @Max(INT4_MAX, { message: 'before deve ser o id de uma mensagem' })
  @Min(1, { message: 'before deve ser o id de uma mensagem' })
  @IsInt({ message: 'before deve ser o id de uma mensagem' })
  before?: number;

  @ApiPropertyOptional({ default: 50, maximum: CHAT_PAGE_MAX })
  @IsOptional()
  @Transform(toInteger)
  @Max(CHAT_PAGE_MAX, { message: `limit deve estar entre 1 e ${CHAT_PAGE_MAX}` })
  @Min(1, { message: `limit deve estar entre 1 e ${CHAT_PAGE_MAX}` })
  @IsInt({ message: `limit deve estar entre 1 e ${CHAT_PAGE_MAX}` })
  limit?: number;
}
