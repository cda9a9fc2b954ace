/** Who is shopping, as the shell needs it. Null until accounts land (everyone is anonymous). */
export interface ShellViewer {
  name: string;
}

export const LOGIN_PATH = '/login';
