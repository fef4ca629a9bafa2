import { Button, HStack } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { getApiBaseUrl, errorMessage } from '../../lib/fetcher';
import { dispositionFileName } from '../../lib/downloadName';
import { keys } from '../../lib/swr';
import { toast } from '../../lib/toast';

/** Fetches a file and hands it to the browser under the name the server gives it. */
async function download(path: string, fallbackName: string): Promise<void> {
  const res = await fetch(`${getApiBaseUrl()}${path}`, { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  const blob = await res.blob();
  const name = dispositionFileName(res.headers.get('content-disposition')) ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** 'Exportar CSV' and 'Exportar XLSX': the same filter as the screen (every page). */
export function ExportButtons({ query, disabled }: { query: string; disabled?: boolean }) {
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  async function run(format: 'csv' | 'xlsx') {
    setBusy(format);
    try {
      await download(keys.timesheetExport(query, format), `horas.${format}`);
    } catch (error) {
      toast.error('Erro ao exportar', errorMessage(error));
    } finally {
      setBusy(null);
    }
  }
  return (
    <HStack gap="2" wrap="wrap">
      <Button size="sm" variant="outline" onClick={() => void run('csv')} loading={busy === 'csv'} disabled={disabled || busy !== null}>
        <Download /> Exportar CSV
      </Button>
      <Button size="sm" variant="outline" onClick={() => void run('xlsx')} loading={busy === 'xlsx'} disabled={disabled || busy !== null}>
        <Download /> Exportar XLSX
      </Button>
    </HStack>
  );
}
