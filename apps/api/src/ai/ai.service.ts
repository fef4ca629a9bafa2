import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { DateTime } from 'luxon';
import {
  matchClient,
  matchPerson,
  type AiClientRef,
  type AiParseResult,
  type AiTaskSuggestion,
  type AiUserRef,
  type Task,
} from '@wkflow/contracts';
import type { AuthenticatedUser } from '../platform/access/authenticated-user';
import { parseTaskText } from './parser';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { CreateTaskDto } from '../tasks/dto/tasks.dto';
import { ClientDirectory } from '../clients/client-directory';
import { UserDirectory } from '../users/user-directory';
import { TasksService } from '../tasks/tasks.service';
import type { CreateAiTaskDto } from './dto/ai.dto';
import { OpenAiTaskParser } from './openai-task-parser';

export const CLIENT_REQUIRED = 'Cliente é obrigatório: a sugestão não identificou um cliente. Selecione um cliente para criar a tarefa.';

/** The AI debug data is for the user whose username is admin (core.md §6). */
const DEBUG_USERNAME = 'admin';

function firstMessages(errors: ValidationError[]): string {
  return errors.flatMap((e) => Object.values(e.constraints ?? {})).join('; ') || 'Dados inválidos';
}

/** Text → task suggestion (online with the model, offline with the pt-BR parser), and creation from a suggestion. */
@Injectable()
export class AiService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly openai: OpenAiTaskParser,
    private readonly tasks: TasksService,
    private readonly users: UserDirectory,
    private readonly clients: ClientDirectory,
  ) {}

  /** Approved users and all clients: the only names a suggestion may point at. */
  private async context(): Promise<{ users: AiUserRef[]; clients: AiClientRef[] }> {
    const [users, clients]: [AiUserRef[], AiClientRef[]] = await Promise.all([this.users.approvedRefs(), this.clients.all()]);
    return { users, clients };
  }

  async parse(user: AuthenticatedUser, text: string): Promise<AiParseResult> {
    const { users, clients } = await this.context();
    const now = DateTime.now().setZone(this.config.appTimezone);
    let suggestion: AiTaskSuggestion;
    let raw: string;
    if (this.openai.enabled) {
      ({ suggestion, raw } = await this.openai.parse(text, { now, users, clients }));
    } else {
      suggestion = parseTaskText(text, { now, timezone: this.config.appTimezone, users, clients });
      raw = JSON.stringify(suggestion, null, 2);
    }
    if (user.username !== DEBUG_USERNAME) return suggestion;
    return {
      ...suggestion,
      debug: {
        originalText: text,
        rawResponse: raw,
        usersCount: users.length,
        clientsCount: clients.length,
        mode: this.openai.enabled ? 'openai' : 'offline',
        model: this.openai.enabled ? this.openai.model : null,
      },
    };
  }

  /**
   * Creates the task through the board's service (same rules, history and notifications). Names
   * without ids are matched again against the real users and clients; a client is required.
   */
  async createTask(user: AuthenticatedUser, dto: CreateAiTaskDto): Promise<Task> {
    const suggestion = dto.suggestion;
    let clientId = suggestion.clientId ?? null;
    let assignedTo = suggestion.assignedToIds ?? null;
    if (!clientId || (!assignedTo && suggestion.assignedToNames?.length)) {
      const { users, clients } = await this.context();
      if (!clientId && suggestion.clientName?.trim()) {
        const match = matchClient(suggestion.clientName, clients);
        if (match.kind === 'found') clientId = match.item.id;
      }
      if (!assignedTo) {
        assignedTo = (suggestion.assignedToNames ?? [])
          .map((name) => matchPerson(name, users))
          .flatMap((match) => (match.kind === 'found' ? [match.item.id] : []));
      }
    }
    if (!clientId) throw new BadRequestException(CLIENT_REQUIRED);

    const task = plainToInstance(CreateTaskDto, {
      title: suggestion.title ?? '',
      description: suggestion.description ?? '',
      clientId,
      columnId: dto.columnId,
      deadline: suggestion.deadline ?? undefined,
      assignedTo: assignedTo ?? [],
      reminderTime: null,
    });
    const errors = await validate(task, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
    if (errors.length) throw new BadRequestException(firstMessages(errors));
    return this.tasks.create(user, task);
  }
}
