import { UserIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

/**
 * The signed-in user's avatar and display name, as the header's account button and the mobile menu
 * show them (`roomy` in the menu, where the name has the panel's width).
 */
export function UserBadge({
  name,
  testId,
  roomy = false,
}: {
  name: string;
  testId: string;
  roomy?: boolean;
}) {
  return (
    <>
      <span
        className={cn(
          'flex shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800',
          roomy ? 'size-8' : 'size-7',
        )}
      >
        <UserIcon width={16} height={16} />
      </span>
      <span dir="auto" className={cn('truncate', !roomy && 'max-w-40')} data-testid={testId}>
        {name}
      </span>
    </>
  );
}
