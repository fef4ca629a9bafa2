import { Box, Card, Flex, Heading, Text } from '@chakra-ui/react';
import { formatHoursMinutes, hoursHHMM } from '@wkflow/contracts';
import { DateTime } from 'luxon';
import { appTimeZone } from '../../lib/appTimeZone';
import { useMyWeek } from './timeEntries.api';

/** The current user's own hours per day of this week, Monday to Sunday. */
export function MyWeek() {
  const { data } = useMyWeek();
  if (!data) return null;
  const max = Math.max(...data.days.map((d) => d.seconds), 1);
  const today = DateTime.now().setZone(appTimeZone()).toISODate();
  return (
    <Card.Root variant="outline" bg="bg" borderColor="border.muted" shadow="xs" mb="6" data-testid="my-week">
      <Card.Body>
        <Flex justify="space-between" align="baseline" mb="3" gap="2" wrap="wrap">
          <Heading as="h2" size="sm">
            Minha semana
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            Total: <strong>{formatHoursMinutes(data.totalSeconds)}</strong>
          </Text>
        </Flex>
        <Flex as="ol" gap={{ base: '1', md: '3' }} align="end" listStyleType="none" m="0" p="0">
          {data.days.map((day) => {
            const date = DateTime.fromISO(day.date, { locale: 'pt-BR' });
            const label = date.toFormat('ccc').replace('.', '');
            return (
              <Box
                as="li"
                key={day.date}
                flex="1"
                minW="0"
                textAlign="center"
                aria-label={`${date.toFormat('cccc, dd/MM')}: ${formatHoursMinutes(day.seconds)}`}
              >
                <Text textStyle="xs" fontFamily="mono" color="fg.muted" aria-hidden>
                  {day.seconds ? hoursHHMM(day.seconds) : '—'}
                </Text>
                <Box h="16" display="flex" alignItems="flex-end" justifyContent="center" aria-hidden>
                  <Box
                    w="full"
                    maxW="10"
                    borderRadius="sm"
                    bg={day.date === today ? 'brand.solid' : 'brand.muted'}
                    h={`${Math.max(day.seconds ? 6 : 2, Math.round((day.seconds / max) * 100))}%`}
                  />
                </Box>
                <Text textStyle="xs" fontWeight={day.date === today ? 'semibold' : 'normal'} aria-hidden textTransform="capitalize">
                  {label}
                </Text>
              </Box>
            );
          })}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
