/** The browser toolbar's colour in each theme: the page background (globals.css --bg). */
export const themeColors = { light: "#f6f7f9", dark: "#0f1218" } as const;
