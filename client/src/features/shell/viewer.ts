/** Who is shopping, as the shell needs it: the greeting name (null for a guest). */
export interface ShellViewer {
  name: string;
}

export { LOGIN_PATH } from '@shop/domain/layouts';
