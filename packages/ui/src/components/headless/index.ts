export * from './headless';
