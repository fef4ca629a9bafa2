import { Box, Center, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { initials } from '../../lib/format';

interface MemberChecklistProps {
  users: ReadonlyArray<{ id: number; name: string }>;
  /** The checked user ids. */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
  maxH: string;
}

/** The 'Membros' box of checkboxes: the task dialog's assignees and the AI suggestion's. */
export function MemberChecklist({ users, value, onChange, disabled, maxH }: MemberChecklistProps) {
  const toggle = (id: number, on: boolean) => {
    const others = value.filter((v) => v !== id);
    onChange(on ? [...others, id] : others);
  };
  return (
    <Box>
      <Text textStyle="sm" fontWeight="medium" mb="1.5">
        Membros
      </Text>
      <Stack
        gap="1"
        maxH={maxH}
        overflowY="auto"
        rounded="md"
        borderWidth="1px"
        borderColor="border.muted"
        bg="bg"
        p="2"
        role="group"
        aria-label="Membros"
      >
        {users.length === 0 && (
          <Text textStyle="xs" color="fg.muted">
            Nenhum membro disponível
          </Text>
        )}
        {users.map((u) => (
          <Checkbox.Root
            key={u.id}
            size="sm"
            colorPalette="brand"
            checked={value.includes(u.id)}
            disabled={disabled}
            onCheckedChange={(e) => toggle(u.id, e.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              <HStack gap="2">
                <Center boxSize="5" rounded="full" bg="brand.subtle" color="brand.fg" fontSize="2xs" fontWeight="semibold">
                  {initials(u.name)}
                </Center>
                <Text as="span" textStyle="sm">
                  {u.name}
                </Text>
              </HStack>
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </Box>
  );
}
