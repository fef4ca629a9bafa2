import { DateTime } from 'luxon';
import { type AiTaskSuggestion, matchClient, matchPerson, type AiClientRef, type AiUserRef } from '@wkflow/contracts';
import {
  ParseTaskOptions,
  AI_DEFAULT_DEADLINE_HOUR,
  AI_TITLE_MAX,
  AI_MESSAGES,
  PENALTY,
  computeConfidence,
  nowIn,
  parsedTask,
} from './options';
import { titleFrom } from './title';
import { parseTaskText } from './parse-task-text';

const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? [value] : [])
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim().slice(0, 500))
    .slice(0, 20);

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Turns a model's JSON answer into a suggestion. Nothing it says is trusted: the client and the
 * people are matched again against the real lists (an unmatched name is a warning, never an id),
 * the deadline must be a valid date (read in the app's zone when it has no offset), and a missing
 * title or description falls back to the offline parser's.
 */
export function interpretModelAnswer(answer: Record<string, unknown>, sourceText: string, options: ParseTaskOptions): AiTaskSuggestion {
  const now = nowIn(options);
  const warnings = strings(answer.warnings);
  const suggestions = strings(answer.suggestions);
  const warn = (message: string) => {
    if (!warnings.includes(message)) warnings.push(message);
  };
  let problems = 0;

  let client: AiClientRef | null = null;
  const clientName = text(answer.clientName);
  if (clientName) {
    const match = matchClient(clientName, options.clients);
    if (match.kind === 'found') client = match.item;
    else {
      problems += 1;
      warn(
        match.kind === 'ambiguous'
          ? AI_MESSAGES.ambiguousClient(
              clientName,
              match.candidates.map((c) => c.name),
            )
          : AI_MESSAGES.clientNotFound(clientName),
      );
    }
  }
  if (!client) warn(AI_MESSAGES.noClient);

  const assignees: AiUserRef[] = [];
  for (const name of strings(answer.assignedToNames)) {
    const match = matchPerson(name, options.users);
    if (match.kind === 'found') {
      if (!assignees.some((u) => u.id === match.item.id)) assignees.push(match.item);
    } else {
      problems += 1;
      warn(
        match.kind === 'ambiguous'
          ? AI_MESSAGES.ambiguousPerson(
              name,
              match.candidates.map((u) => u.name),
            )
          : AI_MESSAGES.personNotFound(name),
      );
    }
  }

  let deadline: DateTime | null = null;
  const rawDeadline = text(answer.deadline);
  if (rawDeadline) {
    let parsed = DateTime.fromISO(rawDeadline, { zone: options.timezone });
    if (parsed.isValid && /^\d{4}-\d{2}-\d{2}$/.test(rawDeadline)) parsed = parsed.set({ hour: AI_DEFAULT_DEADLINE_HOUR });
    if (parsed.isValid) deadline = parsed.setZone(options.timezone);
    else {
      problems += 1;
      warn(AI_MESSAGES.invalidDate(rawDeadline.slice(0, 40)));
    }
  }
  if (!deadline) warn(AI_MESSAGES.noDeadline);
  else if (deadline < now && !warnings.includes(AI_MESSAGES.pastDate)) {
    problems += 1;
    warn(AI_MESSAGES.pastDate);
  }

  let title = text(answer.title);
  let description = text(answer.description);
  if (!title || !description) {
    const offline = parseTaskText(sourceText, options);
    title ||= offline.title;
    description ||= offline.description;
  }
  if (title.length > AI_TITLE_MAX) title = titleFrom(title, []) || title.slice(0, AI_TITLE_MAX);

  const found = { title: title.length >= 3, client: !!client, deadline: !!deadline, assignee: assignees.length > 0 };
  const modelConfidence = typeof answer.confidence === 'number' && Number.isFinite(answer.confidence) ? answer.confidence : null;
  const confidence =
    modelConfidence === null
      ? computeConfidence(found, problems)
      : Math.round(Math.min(1, Math.max(0, modelConfidence - problems * PENALTY)) * 100) / 100;

  return parsedTask({ title, description, client, assignees, deadline, confidence, suggestions, warnings });
}
