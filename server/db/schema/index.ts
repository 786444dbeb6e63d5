export * from './users';
export * from './plans';
export * from './brands';
export * from './mail';
export * from './tracking';
export * from './flows';
export * from './billing';
export * from './reports';
