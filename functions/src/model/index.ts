// The shared data model: pure TypeScript + zod, no Firebase imports (the web app bundles it, the functions
// compile it). Import a module directly (`@model/deal`) or everything from here.
export * from './alert-preferences';
export * from './alerts';
export * from './blog';
export * from './category';
export * from './deal';
export * from './email-ledger';
export * from './invalid-document';
export * from './paths';
export * from './queries';
export * from './recent-login';
export * from './saved';
export * from './savings';
export * from './search';
export * from './server-docs';
export * from './shop-summary';
export * from './subscription-status';
export * from './timestamp';
export * from './user';
export * from './votes';
