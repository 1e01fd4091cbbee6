// The admin app lands with the admin console issue.
export {};
