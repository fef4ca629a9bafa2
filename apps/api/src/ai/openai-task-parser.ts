import { BadGatewayException, GatewayTimeoutException, HttpException, Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { AiClientRef, AiTaskSuggestion, AiUserRef } from '@wkflow/contracts';
import { interpretModelAnswer } from './parser';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';

export interface ModelContext {
  now: DateTime;
  users: AiUserRef[];
  clients: AiClientRef[];
}

/** At most this many people and clients go into the prompt. */
const CONTEXT_LIMIT = 300;
const FAILURE = 'Falha ao consultar o serviço de IA';

/** The system prompt (pt-BR): today in APP_TIMEZONE, the team and the clients, and the JSON to answer. */
export function systemPrompt(context: ModelContext, timezone: string): string {
  const now = context.now.setZone(timezone).setLocale('pt-BR');
  const users = context.users.slice(0, CONTEXT_LIMIT).map(({ id, name, username }) => ({ id, name, username }));
  const clients = context.clients.slice(0, CONTEXT_LIMIT).map(({ id, name }) => ({ id, name }));
  return [
    'Você é o assistente do WKFlow, o sistema de tarefas de uma agência. Transforme o pedido do usuário, escrito em português, em UMA tarefa.',
    `Agora é ${now.toFormat('cccc, dd/MM/yyyy HH:mm')} no fuso ${timezone} (UTC${now.toFormat('ZZ')}). Datas relativas ("amanhã", "sexta", "dia 15") partem deste momento.`,
    `Equipe (use somente estas pessoas, pelo nome exato): ${JSON.stringify(users)}`,
    `Clientes (use somente estes clientes, pelo nome exato): ${JSON.stringify(clients)}`,
    'Responda SOMENTE com um objeto JSON com estas chaves:',
    '- "title": título curto e direto (até 80 caracteres), sem prazo, responsáveis nem cliente;',
    '- "description": o pedido completo, revisado, em português;',
    '- "clientName": o nome exato de um cliente da lista, ou null;',
    '- "assignedToNames": lista com os nomes exatos das pessoas da equipe responsáveis (pode ser vazia);',
    `- "deadline": o prazo em ISO 8601 com fuso (ex.: ${now.plus({ days: 1 }).set({ hour: 18, minute: 0, second: 0, millisecond: 0 }).toISO({ suppressMilliseconds: true })}), ou null; sem horário informado, use 18:00;`,
    '- "confidence": número de 0 a 1 indicando o quanto o pedido estava claro;',
    '- "suggestions": lista de sugestões curtas em português para melhorar a tarefa;',
    '- "warnings": lista de avisos em português (pessoa ou cliente não encontrado, data no passado, informação ambígua).',
    'Nunca invente pessoas, clientes ou ids: se um nome não estiver nas listas, deixe-o de fora e explique em "warnings".',
  ].join('\n');
}

/** The online parser: an OpenAI-compatible chat-completions API through the official SDK. */
@Injectable()
export class OpenAiTaskParser {
  private readonly client: OpenAI | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.client = config.openaiApiKey
      ? new OpenAI({
          apiKey: config.openaiApiKey,
          baseURL: config.openaiBaseUrl ?? undefined,
          // Our own abort below is the timeout; this one is only a backstop.
          timeout: config.aiTimeoutMs + 1000,
          maxRetries: 0,
        })
      : null;
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  get model(): string {
    return this.config.aiModel;
  }

  /** Asks the model; a provider failure is a 502, a timeout a 504, malformed JSON a 502. */
  async parse(text: string, context: ModelContext): Promise<{ suggestion: AiTaskSuggestion; raw: string }> {
    if (!this.client) throw new BadGatewayException(`${FAILURE}: nenhuma chave de API configurada`);
    let raw: string;
    // Aborting through our own signal is detected the same way in every runtime (the SDK's own
    // timeout is recognised by the error's name, which a test VM realm can hide).
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.config.aiTimeoutMs);
    try {
      const completion = await this.client.chat.completions.create(
        {
          model: this.config.aiModel,
          temperature: 0,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: systemPrompt(context, this.config.appTimezone) },
            { role: 'user', content: text },
          ],
        },
        { signal: abort.signal },
      );
      raw = completion.choices?.[0]?.message?.content ?? '';
    } catch (error) {
      throw this.failure(abort.signal.aborted ? new APIConnectionTimeoutError() : error);
    } finally {
      clearTimeout(timer);
    }
    let answer: unknown;
    try {
      answer = JSON.parse(raw);
    } catch {
      throw new BadGatewayException(`${FAILURE}: a resposta não é um JSON válido`);
    }
    if (!answer || typeof answer !== 'object' || Array.isArray(answer)) {
      throw new BadGatewayException(`${FAILURE}: a resposta não tem o formato esperado`);
    }
    const suggestion = interpretModelAnswer(answer as Record<string, unknown>, text, {
      now: context.now,
      timezone: this.config.appTimezone,
      users: context.users,
      clients: context.clients,
    });
    return { suggestion, raw };
  }

  private failure(error: unknown): HttpException {
    if (error instanceof APIConnectionTimeoutError) {
      return new GatewayTimeoutException(`${FAILURE}: tempo limite de ${this.config.aiTimeoutMs / 1000} s esgotado`);
    }
    if (error instanceof APIConnectionError) return new BadGatewayException(`${FAILURE}: não foi possível conectar ao provedor`);
    if (error instanceof APIError) {
      const detail = (error.error as { message?: unknown } | undefined)?.message;
      const message = typeof detail === 'string' && detail ? detail : error.message;
      return new BadGatewayException(`${FAILURE}: ${error.status ?? ''} ${message}`.replace(/\s+/g, ' ').trim().slice(0, 500));
    }
    // JSON that the SDK could not read, or anything else the provider threw.
    return new BadGatewayException(`${FAILURE}: ${error instanceof Error ? error.message : 'erro desconhecido'}`.slice(0, 500));
  }
}
