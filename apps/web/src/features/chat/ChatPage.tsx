import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder: the screen is not built yet. */
export default function ChatPage() {
  return <ComingSoon title="Chat" description="Salas de conversa da equipe." />;
}
