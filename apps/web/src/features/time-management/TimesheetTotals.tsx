import { Card, Heading, SimpleGrid, Table, Text } from '@chakra-ui/react';
import { formatBRL, formatHoursMinutes, type TimesheetTotal, type TimesheetTotals as Totals } from '@wkflow/contracts';
import { Panel } from '../../components/Panel';

function TotalsTable({
  title,
  rows,
  showsValues,
  testId,
}: {
  title: string;
  rows: TimesheetTotal[];
  showsValues: boolean;
  testId: string;
}) {
  return (
    <Panel
      // The ring of the focused table region goes round the card: inside it, the sticky header would cover it.
      css={{ '&:has(:focus-visible)': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' } }}
    >
      <Card.Body p="0">
        <Heading as="h2" size="sm" px="4" pt="4" pb="2">
          {title}
        </Heading>
        {rows.length === 0 ? (
          <Text color="fg.muted" px="4" pb="4" textStyle="sm">
            Nada neste filtro.
          </Text>
        ) : (
          // Focusable and named: a keyboard reaches the rows past its height and scrolls them with the arrows.
          <Table.ScrollArea maxH="64" tabIndex={0} role="region" aria-label={title} _focusVisible={{ outline: 'none' }}>
            <Table.Root size="sm" data-testid={testId} stickyHeader>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{title === 'Por cliente' ? 'Cliente' : 'Pessoa'}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Horas</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end" display={{ base: 'none', sm: 'table-cell' }}>
                    Registros
                  </Table.ColumnHeader>
                  {showsValues && <Table.ColumnHeader textAlign="end">Valor</Table.ColumnHeader>}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={row.id ?? 'none'}>
                    <Table.Cell fontWeight="medium">{row.name}</Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {formatHoursMinutes(row.seconds)}
                    </Table.Cell>
                    <Table.Cell textAlign="end" display={{ base: 'none', sm: 'table-cell' }}>
                      {row.records}
                    </Table.Cell>
                    {showsValues && (
                      <Table.Cell textAlign="end" whiteSpace="nowrap">
                        {row.value == null ? '—' : formatBRL(row.value)}
                      </Table.Cell>
                    )}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Panel>
  );
}

/** Totals of the whole filter (every page) per client and per person; values only when the server sends them. */
export function TimesheetTotals({ totals, showsValues }: { totals: Totals; showsValues: boolean }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mb="6">
      <TotalsTable title="Por cliente" rows={totals.byClient} showsValues={showsValues} testId="totals-by-client" />
      <TotalsTable title="Por pessoa" rows={totals.byPerson} showsValues={showsValues} testId="totals-by-person" />
    </SimpleGrid>
  );
}
