import { describe, expect, it } from 'vitest';
import { achievementsFor, LEARNING_LEVELS, levelForPoints, pathProgress, pathStatus, type AchievementFacts } from '../src/learning';

describe('levelForPoints', () => {
  it('starts at level 1 with no XP', () => {
    expect(levelForPoints(0)).toEqual({ level: 1, name: 'Novato', minPoints: 0, nextLevelPoints: 60 });
  });
  it('changes level exactly at each threshold', () => {
    expect(levelForPoints(59).level).toBe(1);
    expect(levelForPoints(60)).toEqual({ level: 2, name: 'Aprendiz', minPoints: 60, nextLevelPoints: 150 });
    expect(levelForPoints(149).name).toBe('Aprendiz');
    expect(levelForPoints(150).name).toBe('Praticante');
    expect(levelForPoints(300).name).toBe('Especialista');
  });
  it('has no next level at the top', () => {
    const top = LEARNING_LEVELS[LEARNING_LEVELS.length - 1];
    expect(levelForPoints(top.minPoints)).toEqual({
      level: top.level,
      name: 'Mestre do WKFlow',
      minPoints: top.minPoints,
      nextLevelPoints: null,
    });
    expect(levelForPoints(100_000).level).toBe(top.level);
  });
  it('treats negative, fractional and non-finite XP safely', () => {
    expect(levelForPoints(-20).level).toBe(1);
    expect(levelForPoints(59.9).level).toBe(1);
    expect(levelForPoints(Number.NaN).level).toBe(1);
  });
});

describe('pathProgress', () => {
  it('is a whole percent of the steps done', () => {
    expect(pathProgress(0, 4)).toBe(0);
    expect(pathProgress(1, 3)).toBe(33);
    expect(pathProgress(2, 3)).toBe(67);
    expect(pathProgress(4, 4)).toBe(100);
  });
  it('is 0 without steps and never above 100', () => {
    expect(pathProgress(0, 0)).toBe(0);
    expect(pathProgress(5, 4)).toBe(100);
  });
});

describe('pathStatus', () => {
  const base = { completedSteps: 0, totalSteps: 4, started: false, prerequisitesMet: true };
  it('is not started until the user starts or completes a step', () => {
    expect(pathStatus(base)).toBe('not_started');
    expect(pathStatus({ ...base, started: true })).toBe('in_progress');
    expect(pathStatus({ ...base, completedSteps: 1 })).toBe('in_progress');
  });
  it('is completed when every step is done', () => {
    expect(pathStatus({ ...base, completedSteps: 4, started: true })).toBe('completed');
  });
  it('is locked while a prerequisite is not completed, even if started before', () => {
    expect(pathStatus({ ...base, prerequisitesMet: false })).toBe('locked');
    expect(pathStatus({ ...base, prerequisitesMet: false, started: true })).toBe('locked');
  });
  it('a path without steps is never completed', () => {
    expect(pathStatus({ ...base, totalSteps: 0 })).toBe('not_started');
  });
});

describe('achievementsFor', () => {
  const unlocked = (facts: AchievementFacts) =>
    achievementsFor(facts)
      .filter((a) => a.unlocked)
      .map((a) => a.title);
  const paths: AchievementFacts['paths'] = [
    { category: 'basic', status: 'not_started' },
    { category: 'basic', status: 'locked' },
    { category: 'collaboration', status: 'locked' },
    { category: 'advanced', status: 'locked' },
  ];

  it('lists every achievement, none unlocked at the start', () => {
    const list = achievementsFor({ completedSteps: 0, totalPoints: 0, paths });
    expect(list.map((a) => a.title)).toEqual(
      expect.arrayContaining(['Primeiros passos', 'Trilha concluída', 'Mestre do fluxo', 'Base sólida', 'Espírito de equipe']),
    );
    expect(list.every((a) => !a.unlocked)).toBe(true);
  });
  it('unlocks Primeiros passos with the first step', () => {
    expect(
      unlocked({ completedSteps: 1, totalPoints: 10, paths: [{ category: 'basic', status: 'in_progress' }, ...paths.slice(1)] }),
    ).toEqual(['Primeiros passos']);
  });
  it('unlocks Trilha concluída, Base sólida and Espírito de equipe from completed paths', () => {
    const facts: AchievementFacts = {
      completedSteps: 9,
      totalPoints: 90,
      paths: [
        { category: 'basic', status: 'completed' },
        { category: 'basic', status: 'completed' },
        { category: 'collaboration', status: 'completed' },
        { category: 'advanced', status: 'not_started' },
      ],
    };
    expect(unlocked(facts)).toEqual(['Primeiros passos', 'Trilha concluída', 'Explorador', 'Base sólida', 'Espírito de equipe']);
  });
  it('unlocks Dedicação at the XP of level 4 and Mestre do fluxo only when every path is completed', () => {
    const all: AchievementFacts['paths'] = paths.map((p) => ({ ...p, status: 'completed' }));
    expect(unlocked({ completedSteps: 20, totalPoints: 299, paths: all })).not.toContain('Dedicação');
    expect(unlocked({ completedSteps: 20, totalPoints: 300, paths: all })).toContain('Dedicação');
    expect(unlocked({ completedSteps: 20, totalPoints: 300, paths: all })).toContain('Mestre do fluxo');
    expect(unlocked({ completedSteps: 0, totalPoints: 0, paths: [] })).not.toContain('Mestre do fluxo');
  });
});
