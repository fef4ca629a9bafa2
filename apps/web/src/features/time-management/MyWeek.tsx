import { Box, Card, Flex, Heading, Text } from '@chakra-ui/react';
import { formatHoursMinutes, hoursHHMM } from '@wkflow/contracts';
import { DateTime } from 'luxon';
import { appTimeZone } from '../../lib/appTimeZone';
import { useMyWeek } from './timeEntries.api';
import { Panel } from '../../components/Panel';

/** This week's days (Monday to Sunday in the app's zone) with no hours: the card's shape while its answer is on the way. */
function emptyWeek(): { days: { date: string; seconds: number }[]; totalSeconds: number } {
  const monday = DateTime.now().setZone(appTimeZone()).startOf('week');
  return { days: Array.from({ length: 7 }, (_, i) => ({ date: monday.plus({ days: i }).toISODate()!, seconds: 0 })), totalSeconds: 0 };
}

/**
 * The current user's own hours per day of this week, Monday to Sunday. The card takes its place at once
 * (empty until the answer comes): appearing later, it pushed everything under it down, the page's largest
 * layout shift (CLS 0.16 on /time-management).
 */
export function MyWeek() {
  const { data: answer } = useMyWeek();
  const data = answer ?? emptyWeek();
  const max = Math.max(...data.days.map((d) => d.seconds), 1);
  const today = DateTime.now().setZone(appTimeZone()).toISODate();
  return (
    <Panel mb="6" data-testid="my-week" aria-busy={!answer} data-loaded={answer ? 'true' : 'false'}>
      <Card.Body>
        <Flex justify="space-between" align="baseline" mb="3" gap="2" wrap="wrap">
          <Heading as="h2" size="sm">
            Minha semana
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            Total: <strong>{answer ? formatHoursMinutes(data.totalSeconds) : '—'}</strong>
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
    </Panel>
  );
}
