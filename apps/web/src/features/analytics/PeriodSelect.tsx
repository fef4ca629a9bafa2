import { NativeSelect } from '@chakra-ui/react';
import type { AnalyticsPeriod } from '@wkflow/contracts';
import { PERIOD_OPTIONS } from './analytics.logic';

/** The 7/30/90-day picker of the analytics page and of the report form. */
export function PeriodSelect({
  value,
  onChange,
  testId,
  label,
  ...root
}: {
  value: AnalyticsPeriod;
  onChange: (period: AnalyticsPeriod) => void;
  testId: string;
  /** aria-label, where no Field.Label names the select. */
  label?: string;
} & Pick<NativeSelect.RootProps, 'size' | 'w'>) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field
        aria-label={label}
        value={value}
        onChange={(e) => onChange(Number(e.target.value) as AnalyticsPeriod)}
        data-testid={testId}
      >
        {PERIOD_OPTIONS.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
