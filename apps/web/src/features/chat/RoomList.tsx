import { Badge, Box, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Hash } from 'lucide-react';
import { excerpt, formatMessageTime, unreadLabel } from './chat.logic';
import type { ChatRoom } from '@wkflow/contracts';

interface RoomListProps {
  rooms: ChatRoom[];
  isLoading: boolean;
  error: unknown;
  selectedId: number | null;
  onSelect: (room: ChatRoom) => void;
}

/** The room list: name, unread badge, last message and its time. */
export function RoomList({ rooms, isLoading, error, selectedId, onSelect }: RoomListProps) {
  if (isLoading) {
    return (
      <Stack gap="2" p="3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h="14" rounded="md" />
        ))}
      </Stack>
    );
  }
  if (error) {
    return (
      <Text p="4" color="fg.error" textStyle="sm">
        Não foi possível carregar as salas.
      </Text>
    );
  }
  if (rooms.length === 0) {
    return (
      <Text p="4" color="fg.muted" textStyle="sm" textAlign="center">
        Nenhuma sala ainda.
      </Text>
    );
  }
  return (
    <Stack as="ul" listStyleType="none" gap="1" p="2" data-testid="room-list">
      {rooms.map((room) => {
        const active = room.id === selectedId;
        // the open room is being read: its badge would only flicker until the next poll
        const unread = active ? null : unreadLabel(room.unread_count);
        return (
          <li key={room.id}>
            <Box
              as="button"
              onClick={() => onSelect(room)}
              aria-current={active ? 'true' : undefined}
              w="full"
              textAlign="start"
              px="3"
              py="2.5"
              rounded="md"
              bg={active ? 'brand.subtle' : 'transparent'}
              _hover={{ bg: active ? 'brand.subtle' : 'bg.muted' }}
              transition="background 0.15s"
              data-testid="room-item"
            >
              <HStack justify="space-between" gap="2">
                <HStack gap="1.5" minW="0">
                  <Box color={active ? 'brand.fg' : 'fg.muted'} flexShrink={0}>
                    <Hash size={14} />
                  </Box>
                  <Text fontWeight={unread ? 'bold' : 'semibold'} truncate color={active ? 'brand.fg' : 'fg'}>
                    {room.name}
                  </Text>
                </HStack>
                <HStack gap="1.5" flexShrink={0}>
                  <Text textStyle="xs" color="fg.muted">
                    {formatMessageTime(room.last_message_time)}
                  </Text>
                  {unread && (
                    <Badge
                      colorPalette="brand"
                      variant="solid"
                      rounded="full"
                      size="sm"
                      data-testid="unread-badge"
                      aria-label={`${unread} não lidas`}
                    >
                      {unread}
                    </Badge>
                  )}
                </HStack>
              </HStack>
              <Text textStyle="sm" color={unread ? 'fg' : 'fg.muted'} truncate mt="0.5" ps="5">
                {room.last_message ? excerpt(room.last_message, 60) : 'Nenhuma mensagem'}
              </Text>
            </Box>
          </li>
        );
      })}
    </Stack>
  );
}
