export { startToolingCommandService } from './tooling-command-service';
