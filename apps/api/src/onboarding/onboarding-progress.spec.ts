import {
  isOnboardingOpen,
  ONBOARDING_CATEGORIES,
  ONBOARDING_STEP_TEMPLATE,
  onboardingProgress,
  type OnboardingStepStatus,
} from '@wkflow/contracts';

const steps = (...statuses: OnboardingStepStatus[]) => statuses.map((status) => ({ status }));

describe('onboardingProgress (the rule the process follows)', () => {
  it('is pending while no step has started', () => {
    expect(onboardingProgress(steps('pending', 'pending', 'pending'))).toEqual({ status: 'pending', currentStep: 0, totalSteps: 3 });
  });

  it('is in progress as soon as one step starts or completes', () => {
    expect(onboardingProgress(steps('in_progress', 'pending', 'pending'))).toEqual({
      status: 'in_progress',
      currentStep: 0,
      totalSteps: 3,
    });
    expect(onboardingProgress(steps('completed', 'pending', 'pending'))).toEqual({ status: 'in_progress', currentStep: 1, totalSteps: 3 });
    expect(onboardingProgress(steps('completed', 'completed', 'in_progress'))).toEqual({
      status: 'in_progress',
      currentStep: 2,
      totalSteps: 3,
    });
  });

  it('is completed when every step is, and current_step then equals total_steps', () => {
    expect(onboardingProgress(steps('completed', 'completed', 'completed'))).toEqual({
      status: 'completed',
      currentStep: 3,
      totalSteps: 3,
    });
  });

  it('goes back to in progress when a completed step is reopened', () => {
    expect(onboardingProgress(steps('completed', 'in_progress', 'completed')).status).toBe('in_progress');
  });

  it('never calls an empty process completed', () => {
    expect(onboardingProgress([])).toEqual({ status: 'pending', currentStep: 0, totalSteps: 0 });
  });

  it('treats pending and in-progress processes as open', () => {
    expect(isOnboardingOpen('pending')).toBe(true);
    expect(isOnboardingOpen('in_progress')).toBe(true);
    expect(isOnboardingOpen('completed')).toBe(false);
    expect(isOnboardingOpen('cancelled')).toBe(false);
  });

  it('has a template covering documentation, setup, training and approval', () => {
    expect(ONBOARDING_STEP_TEMPLATE.length).toBeGreaterThanOrEqual(6);
    const categories = new Set(ONBOARDING_STEP_TEMPLATE.map((s) => s.category));
    for (const category of ['documentation', 'setup', 'training', 'approval'] as const) expect(categories.has(category)).toBe(true);
    for (const step of ONBOARDING_STEP_TEMPLATE) {
      expect(ONBOARDING_CATEGORIES).toContain(step.category);
      expect(step.name.length).toBeLessThanOrEqual(120);
      expect(step.estimatedDuration).toBeGreaterThan(0);
    }
  });
});
