// The React component library lands with the admin console issue.
export {};
