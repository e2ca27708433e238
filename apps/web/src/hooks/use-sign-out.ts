import { useCallback } from 'react';

import { paths } from '@/config/paths';
import { logout } from '@/lib/auth';
import { useNavigate } from '@/lib/routing';

/** Sign Out, the same from every place that offers it: forget the record, go home. */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    logout();
    void navigate(paths.home.getHref());
  }, [navigate]);
}
