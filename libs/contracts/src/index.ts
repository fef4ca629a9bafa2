export * from './permissions';
export * from './auth';
export * from './limits';
