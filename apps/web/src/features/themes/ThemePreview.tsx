import { Box, Flex, HStack, Stack } from '@chakra-ui/react';
import { THEME_COLOR_KEYS, type ThemeColors } from '@wkflow/contracts';
import { readableOn } from './themes.logic';

/** A miniature of the app drawn in the theme's own colours: header, a card with text and a button, the swatches. */
export function ThemePreview({ colors, large = false }: { colors: ThemeColors; large?: boolean }) {
  const line = (width: string, color: string) => <Box h={large ? '2.5' : '1.5'} w={width} rounded="full" bg={color} />;
  return (
    <Box
      bg={colors.background}
      borderWidth="1px"
      borderColor={colors.border}
      rounded="md"
      overflow="hidden"
      aria-hidden="true"
      data-testid="theme-preview"
    >
      <Flex
        bg={colors.surface}
        borderTopWidth="3px"
        borderTopColor={colors.primary}
        borderBottomWidth="1px"
        borderBottomColor={colors.border}
        px="3"
        h={large ? '10' : '7'}
        align="center"
        gap="2"
      >
        <Box boxSize={large ? '4' : '3'} rounded="sm" bg={colors.primary} />
        {line('20%', colors.text)}
        <Box flex="1" />
        <Box boxSize={large ? '4' : '3'} rounded="full" bg={colors.accent} />
      </Flex>
      <Stack p="3" gap="2">
        <Box bg={colors.surface} borderWidth="1px" borderColor={colors.border} rounded="md" p={large ? '4' : '2.5'}>
          <Stack gap={large ? '2' : '1.5'}>
            {line('55%', colors.text)}
            {line('80%', colors.textSecondary)}
            {large && line('65%', colors.textSecondary)}
            <HStack gap="2" pt="1">
              <Flex
                bg={colors.primary}
                color={readableOn(colors.primary)}
                rounded="sm"
                px="2"
                h={large ? '7' : '4'}
                align="center"
                fontSize={large ? 'xs' : '2xs'}
                fontWeight="semibold"
              >
                {large ? 'Botão' : ''}
                {!large && <Box w="6" />}
              </Flex>
              <Box h={large ? '7' : '4'} w={large ? '16' : '8'} rounded="sm" borderWidth="1px" borderColor={colors.secondary} />
            </HStack>
          </Stack>
        </Box>
        <HStack gap="1">
          {THEME_COLOR_KEYS.map((key) => (
            <Box
              key={key}
              flex="1"
              h={large ? '5' : '2.5'}
              rounded="sm"
              bg={colors[key]}
              borderWidth="1px"
              borderColor={colors.border}
              title={key}
            />
          ))}
        </HStack>
      </Stack>
    </Box>
  );
}
