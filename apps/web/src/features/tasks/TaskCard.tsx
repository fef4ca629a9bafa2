import type { SystemStyleObject } from '@chakra-ui/react';
import { contrastTextColor, DEFAULT_COLUMN_COLOR, type Task } from '@wkflow/contracts';
import { ArrowRightLeft, Clock, Paperclip } from 'lucide-react';
import { memo } from 'react';
import { useDrag } from 'react-dnd';
import { appTimeZone } from '../../lib/appTimeZone';
import { initials } from '../../lib/format';
import { QuickTimerButton } from '../timer/TimerControls';
import { avatarSlots, cardLabel, dueText, sameCard } from './tasks.logic';

/** react-dnd item type of a card; the item carries the task id and its column. */
export const CARD_TYPE = 'task-card';
export interface CardDragItem {
  id: number;
  columnId: number;
}

/**
 * The cards' look, written once on the column (a board can hold thousands of cards: plain
 * elements with class names render far faster than one styled component per piece).
 */
export const taskCardCss: SystemStyleObject = {
  '& .wk-card': {
    display: 'block',
    bg: 'bg',
    borderWidth: '1px',
    borderColor: 'border.muted',
    rounded: 'md',
    shadow: 'xs',
    p: '3',
    position: 'relative',
    cursor: 'pointer',
    flexShrink: 0,
    textAlign: 'left',
    transition: 'box-shadow 0.15s, border-color 0.15s',
    _hover: { shadow: 'sm', borderColor: 'border.emphasized' },
  },
  // The title is the card's button; its ::after covers the whole card, so a click anywhere opens it.
  '& .wk-card__open': {
    display: 'block',
    w: 'full',
    p: 0,
    bg: 'transparent',
    border: 0,
    font: 'inherit',
    color: 'inherit',
    textAlign: 'left',
    cursor: 'inherit',
    outline: 'none',
    _after: { content: '""', position: 'absolute', inset: 0, rounded: 'md' },
    _focusVisible: { _after: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '1px' } },
  },
  // Controls beside the card's button sit above its click area.
  '& .wk-card__timer': { position: 'relative', zIndex: 1, display: 'inline-flex' },
  '& .wk-card__move': {
    position: 'relative',
    zIndex: 1,
    display: 'inline-grid',
    placeItems: 'center',
    boxSize: '6',
    mr: '-1',
    rounded: 'sm',
    color: 'fg.muted',
    cursor: 'pointer',
    flexShrink: 0,
    _hover: { bg: 'bg.muted', color: 'fg' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid' },
  },
  // A row of the column's list (the windowed list measures it).
  '& .wk-row': { flexShrink: 0 },
  // On touch screens a long press drags the card: no callout or text selection in its way.
  '@media (pointer: coarse)': { '& .wk-card[data-movable]': { userSelect: 'none', WebkitTouchCallout: 'none' } },
  '& .wk-card[data-movable]': { cursor: 'grab' },
  '& .wk-card[data-overdue]': { borderColor: 'red.200' },
  '& .wk-card[data-dragging]': { opacity: 0.4 },
  '& .wk-card__top': { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2', mb: '2', minH: '5' },
  '& .wk-card__badges': { display: 'flex', gap: '1', flexWrap: 'wrap', minW: 0 },
  '& .wk-badge': {
    display: 'inline-block',
    px: '1.5',
    rounded: 'sm',
    fontSize: 'xs',
    fontWeight: 'medium',
    lineHeight: '1.25rem',
    maxW: '40',
    truncate: true,
  },
  '& .wk-badge--overdue': { bg: 'red.solid', color: 'white' }, // #dc2626: 4.8:1
  '& .wk-card__clip': { display: 'flex', alignItems: 'center', gap: '0.5', color: 'fg.muted', fontSize: 'xs', flexShrink: 0 },
  '& .wk-card__title': { fontWeight: 'medium', lineHeight: 'short', wordBreak: 'break-word' },
  '& .wk-card[data-completed] .wk-card__title': { textDecoration: 'line-through', color: 'fg.muted' },
  '& .wk-card__desc': { textStyle: 'sm', color: 'fg.muted', lineClamp: 2, mt: '1', whiteSpace: 'pre-line', wordBreak: 'break-word' },
  '& .wk-card__bottom': { display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: '3', gap: '2' },
  '& .wk-card__due': { display: 'flex', alignItems: 'center', gap: '1', minW: 0, fontSize: 'xs', color: 'fg.muted' },
  '& .wk-card__due > span': { truncate: true },
  '& .wk-card[data-overdue] .wk-card__due': { color: 'red.fg' },
  '& .wk-card[data-completed] .wk-card__due': { color: 'green.fg' },
  '& .wk-card__people': { display: 'flex', alignItems: 'center', gap: '1', flexShrink: 0 },
  '& .wk-avatar': {
    display: 'inline-grid',
    placeItems: 'center',
    boxSize: '6',
    rounded: 'full',
    bg: 'brand.solid',
    color: 'brand.contrast',
    fontSize: '2xs',
    fontWeight: 'semibold',
    borderWidth: '2px',
    borderColor: 'bg',
  },
  '& .wk-avatar + .wk-avatar': { ml: '-1.5' },
  '& .wk-avatar--more': { bg: 'bg.emphasized', color: 'fg' },
};

export interface TaskCardProps {
  task: Task;
  completed: boolean;
  /** Whether the user may move it (completed cards never move). */
  movable: boolean;
  client: { name: string; color: string } | undefined;
  /** Team by id (a stable map, so the memoised card does not re-render for nothing). */
  people: ReadonlyMap<number, { id: number; name: string }>;
  onOpen: (taskId: number) => void;
  /** 'Mover para…' (the keyboard's and the phone's way to move it), when the user may move it. */
  onMove?: (taskId: number) => void;
}

/**
 * A card of the board (core.md §2 'Task card'): client badge, attachment count, 'Atrasada', title,
 * 2-line description, up to 3 initials + '+N', the quick timer (not on completed tasks) and the
 * relative due text. Clicking anywhere opens the task dialog; completed cards cannot be dragged.
 * The title is the card's one button (named with the client, status, due text and people, which a screen
 * reader would not otherwise hear); the quick timer sits beside it, not inside it.
 */
export const TaskCard = memo(
  TaskCardView,
  (a, b) =>
    a.completed === b.completed &&
    a.movable === b.movable &&
    a.client === b.client &&
    a.people === b.people &&
    a.onOpen === b.onOpen &&
    a.onMove === b.onMove &&
    sameCard(a.task, b.task),
);

function TaskCardView({ task, completed, movable, client, people, onOpen, onMove }: TaskCardProps) {
  const canMove = movable && !completed;
  const [{ dragging }, drag] = useDrag<CardDragItem, unknown, { dragging: boolean }>(
    () => ({
      type: CARD_TYPE,
      item: { id: task.id, columnId: task.columnId },
      canDrag: () => canMove,
      collect: (monitor) => ({ dragging: monitor.isDragging() }),
    }),
    [task.id, task.columnId, canMove],
  );
  const assignees = task.assignedTo.map((id) => people.get(id) ?? { id, name: '?' });
  const { shown, more } = avatarSlots(assignees);
  const overdue = task.status === 'overdue' && !completed;
  const color = client?.color ?? DEFAULT_COLUMN_COLOR;
  const open = () => onOpen(task.id);
  const due = dueText(task, completed, new Date(), appTimeZone());

  return (
    <div
      ref={(node) => {
        drag(node);
      }}
      className="wk-card"
      data-testid={`task-card-${task.id}`}
      data-movable={canMove || undefined}
      data-completed={completed || undefined}
      data-overdue={overdue || undefined}
      data-dragging={dragging || undefined}
    >
      <div className="wk-card__top">
        <div className="wk-card__badges">
          {client && (
            <span
              className="wk-badge"
              style={{ backgroundColor: color, color: contrastTextColor(color) }}
              title={client.name}
              data-testid="card-client"
            >
              {client.name}
            </span>
          )}
          {overdue && <span className="wk-badge wk-badge--overdue">Atrasada</span>}
        </div>
        {task.attachments.length > 0 && (
          <span className="wk-card__clip" title={`${task.attachments.length} anexo(s)`} data-testid="card-attachments">
            <Paperclip size={12} />
            {task.attachments.length}
          </span>
        )}
      </div>
      <button
        type="button"
        className="wk-card__title wk-card__open"
        aria-label={cardLabel({
          title: task.title,
          client: client?.name,
          overdue,
          due,
          people: assignees,
          attachments: task.attachments.length,
        })}
        onClick={open}
      >
        {task.title}
      </button>
      {task.description && <div className="wk-card__desc">{task.description}</div>}
      <div className="wk-card__bottom">
        <div className="wk-card__due">
          <Clock size={12} style={{ flexShrink: 0 }} />
          <span data-testid="card-due">{due}</span>
        </div>
        <div className="wk-card__people">
          <div style={{ display: 'flex' }}>
            {shown.map((p) => (
              <span key={p.id} className="wk-avatar" title={p.name}>
                {initials(p.name)}
              </span>
            ))}
            {more > 0 && (
              <span className="wk-avatar wk-avatar--more" title={`+${more}`}>
                +{more}
              </span>
            )}
          </div>
          {!completed && (
            <span className="wk-card__timer">
              <QuickTimerButton taskId={task.id} taskTitle={task.title} />
            </span>
          )}
          {movable && onMove && (
            <button
              type="button"
              className="wk-card__move"
              aria-label={`Mover para… (${task.title})`}
              title="Mover para…"
              aria-haspopup="dialog"
              onClick={() => onMove(task.id)}
              data-testid="card-move"
            >
              <ArrowRightLeft size={14} />
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
