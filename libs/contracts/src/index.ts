export * from './permissions';
export * from './auth';
export * from './limits';
export * from './clients';
export * from './onboarding';
export * from './chat';
export * from './timer';
export * from './tasks';
