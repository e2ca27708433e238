import { paths } from '@/config/paths';
import { install, useCanInstall } from '@/features/app-update/install-prompt';
import { requestConversationList } from '@/features/saved-conversations/open-request';
import { useNavigate } from '@/lib/routing';

export interface AppAction {
  label: string;
  onSelect: () => void;
}

/**
 * What the header and the small-screen menu offer besides pages: the conversations kept on this
 * device (from any page: it goes home and opens the list), and installing the app while the
 * browser offers to (absent where it does not: never a button that does nothing).
 */
export function useAppActions(): AppAction[] {
  const navigate = useNavigate();
  const canInstall = useCanInstall();
  return [
    {
      label: 'Conversations',
      onSelect: () => {
        if (window.location.pathname !== paths.home.getHref()) void navigate(paths.home.getHref());
        requestConversationList();
      },
    },
    ...(canInstall ? [{ label: 'Install app', onSelect: () => void install() }] : []),
  ];
}
