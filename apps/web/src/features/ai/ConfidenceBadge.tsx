import { Badge } from '@chakra-ui/react';
import { confidenceBand, confidencePercent } from '@wkflow/contracts';

/** 'Alta / Média / Baixa confiança' in green / yellow / red (core.md §9), with the percentage. */
export function ConfidenceBadge({ confidence }: { confidence: number }) {
  const band = confidenceBand(confidence);
  return (
    <Badge colorPalette={band.color} variant="subtle" size="md" data-testid="ai-confidence" data-level={band.level}>
      {band.label} · {confidencePercent(confidence)}
    </Badge>
  );
}
