import { type AiTaskSuggestion, capitalize, type AiUserRef } from '@wkflow/contracts';
import { ParseTaskOptions, AI_TITLE_MAX, AI_MESSAGES, computeConfidence, cleanTaskText, nowIn, parsedTask } from './options';
import { Scanner } from './scanner';
import { findDates, findTimes, resolveDeadline } from './dates';
import { findClients, findPeople } from './names';
import { buildTitle } from './title';

/** Turns free pt-BR text into a task suggestion, against the real users and clients. */
export function parseTaskText(text: string, options: ParseTaskOptions): AiTaskSuggestion {
  const now = nowIn(options);
  const description = cleanTaskText(text);
  const warnings: string[] = [];
  const suggestions: string[] = [];
  let problems = 0;
  const s = new Scanner(description);

  const dates = findDates(s, now, warnings);
  const times = findTimes(s);
  const clients = findClients(s, options.clients, warnings);
  const people = findPeople(s, options.users);

  const assignees: AiUserRef[] = [];
  for (const hit of people) {
    if ('user' in hit) {
      if (!assignees.some((u) => u.id === hit.user.id)) assignees.push(hit.user);
    } else if ('unknown' in hit) {
      warnings.push(AI_MESSAGES.personNotFound(hit.unknown));
      problems += 1;
    } else {
      warnings.push(
        AI_MESSAGES.ambiguousPerson(
          hit.ambiguous,
          hit.candidates.map((u) => u.name),
        ),
      );
      problems += 1;
    }
  }

  const { deadline, defaultTime, past } = resolveDeadline(dates, times, now);
  if (past) {
    warnings.push(AI_MESSAGES.pastDate);
    problems += 1;
  }

  const client = clients[0] ?? null;
  if (clients.length > 1) warnings.push(AI_MESSAGES.severalClients(client!.name));
  if (!client) warnings.push(AI_MESSAGES.noClient);
  if (!deadline) warnings.push(AI_MESSAGES.noDeadline);

  let title = buildTitle(s, assignees);
  const titleFound = title.length >= 3;
  if (!titleFound) {
    const first = description.split(/[.!?\n]/)[0] ?? '';
    title = capitalize(first.trim()).slice(0, AI_TITLE_MAX);
    suggestions.push(AI_MESSAGES.suggestTitle);
  }
  if (!deadline) suggestions.push(AI_MESSAGES.suggestDeadline);
  else if (defaultTime) suggestions.push(AI_MESSAGES.suggestDefaultTime);
  if (!client) suggestions.push(AI_MESSAGES.suggestClient);
  if (assignees.length === 0) suggestions.push(AI_MESSAGES.suggestAssignee);
  if (description.split(/\s+/).length < 4) suggestions.push(AI_MESSAGES.suggestDetails);

  const confidence = computeConfidence(
    { title: titleFound, client: !!client, deadline: !!deadline, assignee: assignees.length > 0 },
    problems,
  );
  return parsedTask({ title, description, client, assignees, deadline, confidence, suggestions, warnings });
}
