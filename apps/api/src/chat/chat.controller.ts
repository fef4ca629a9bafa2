import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ChatMessage, ChatRoom, MarkChatReadResponse } from '@wkflow/contracts';
import { CurrentUser, RequirePermission } from '../platform/access/access.decorators';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { IdParam } from '../platform/http/id-param';
import { ChatService } from './chat.service';
import { ChatMessagesQueryDto, CreateChatRoomDto, SendChatMessageDto } from './dto/chat.dto';
import { ApiResult } from '../platform/openapi/api-result';

/** /api/chat: chat read to list and read (marking a room read included), chat write to post and create rooms. */
@ApiTags('chat')
@Controller('chat/rooms')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @RequirePermission('chat', 'read')
  @Get()
  @ApiResult('ChatRoom', { isArray: true })
  rooms(@CurrentUser() user: AuthenticatedUser): Promise<ChatRoom[]> {
    return this.chat.rooms(user);
  }

  @RequirePermission('chat', 'write')
  @Post()
  @ApiResult('ChatRoom', { errors: [409] })
  createRoom(@Body() dto: CreateChatRoomDto, @CurrentUser() user: AuthenticatedUser): Promise<ChatRoom> {
    return this.chat.createRoom(dto, user);
  }

  @RequirePermission('chat', 'read')
  @Get(':id/messages')
  @ApiResult('ChatMessage', { isArray: true })
  messages(@IdParam('id') id: number, @Query() query: ChatMessagesQueryDto): Promise<ChatMessage[]> {
    return this.chat.messages(id, query);
  }

  @RequirePermission('chat', 'write')
  @Post(':id/messages')
  @ApiResult('ChatMessage')
  send(@IdParam('id') id: number, @Body() dto: SendChatMessageDto, @CurrentUser() user: AuthenticatedUser): Promise<ChatMessage> {
    return this.chat.send(id, dto, user);
  }

  @RequirePermission('chat', 'read')
  @Put(':id/read')
  @ApiResult('MarkChatReadResponse')
  markRead(@IdParam('id') id: number, @CurrentUser() user: AuthenticatedUser): Promise<MarkChatReadResponse> {
    return this.chat.markRead(id, user);
  }
}
