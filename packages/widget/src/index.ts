// The embeddable widget (embed loader, chat app, public pages) lands with the widget issue.
export {};
