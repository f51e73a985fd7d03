/**
 * The About page's team: content a university replaces. Each member is a real user: the demo data
 * registers them with `email` and gives them this major, class year and these organizations
 * (names of the demo's organizations; `tools/demo-data/team.unit.spec.ts` keeps the two telling
 * one story). User ids are chosen at registration, so a member's `id` is their email: the card opens
 * /profile/{email}, which finds the user and shows /profile/{their id}. Pictures live in
 * `public/team/`; a missing one falls back to the default profile image.
 */
export type TeamMember = {
  /** The profile reference /profile/{id} accepts: the member's university email. */
  id: string;
  email: string;
  name: string;
  picture: string;
  hometown: string;
  major: string;
  classYear: number;
  organizations: readonly string[];
  favoriteServiceStory: string;
  roleTitle: string;
};

const members: readonly Omit<TeamMember, 'id'>[] = [
  {
    email: 'grace.okafor@university.edu',
    name: 'Grace Okafor',
    picture: '/team/grace-okafor.svg',
    hometown: 'Houston, TX',
    major: 'Social Work',
    classYear: 2026,
    organizations: ['Campus Ministry', 'Habitat Build Team'],
    favoriteServiceStory:
      'On our first spring break trip we repainted a church daycare in Biloxi. Nobody knew each other on Monday; by Friday we were planning the next trip, and that week became the idea for this platform.',
    roleTitle: 'Founder & Project Lead',
  },
  {
    email: 'daniel.park@university.edu',
    name: 'Daniel Park',
    picture: '/team/daniel-park.svg',
    hometown: 'Fairfax, VA',
    major: 'Computer Science',
    classYear: 2026,
    organizations: ['Asian Student Union', 'Solar Car Team'],
    favoriteServiceStory:
      'Tutoring middle schoolers in math every Tuesday taught me more patience than any class. When one student finally got fractions, she made me a thank-you card shaped like a slice of pizza.',
    roleTitle: 'Lead Developer',
  },
  {
    email: 'maria.hernandez@university.edu',
    name: 'María Hernández',
    picture: '/team/maria-hernandez.svg',
    hometown: 'San Antonio, TX',
    major: 'Graphic Design',
    classYear: 2027,
    organizations: ['Latin American Student Association', 'Delta Gamma'],
    favoriteServiceStory:
      'We built a little free library outside a laundromat downtown. Months later a mom told me her kids now race to pick a book while the washer runs, and they argue over who reads first.',
    roleTitle: 'Product Designer',
  },
  {
    email: 'ethan.brooks@university.edu',
    name: 'Ethan Brooks',
    picture: '/team/ethan-brooks.svg',
    hometown: 'Columbus, OH',
    major: 'Software Engineering',
    classYear: 2027,
    organizations: ['Engineers Without Borders', 'Campus Ministry'],
    favoriteServiceStory:
      'My whole hall floor sorted four thousand pounds of sweet potatoes at the regional food bank one Saturday. We were covered in dirt, completely exhausted and laughing the entire time.',
    roleTitle: 'Backend Developer',
  },
  {
    email: 'aisha.rahman@university.edu',
    name: 'Aisha Rahman',
    picture: '/team/aisha-rahman.svg',
    hometown: 'Edison, NJ',
    major: 'Information Science',
    classYear: 2028,
    organizations: ['Muslim Student Association', 'Food Recovery Network'],
    favoriteServiceStory:
      'Packing iftar meals for families at the community center during Ramadan, then sharing the last box of dates with the other volunteers when the sun finally went down.',
    roleTitle: 'Frontend Developer',
  },
  {
    email: 'caleb.johnson@university.edu',
    name: 'Caleb Johnson',
    picture: '/team/caleb-johnson.svg',
    hometown: 'Greenville, SC',
    major: 'Nonprofit Management',
    classYear: 2025,
    organizations: ['Campus Service Corps', 'Campus Ministry'],
    favoriteServiceStory:
      'Every Saturday morning I drove residents of an assisted living home to the farmers market. Mr. Walter always bought the same peach pie and insisted that we split it on the drive back.',
    roleTitle: 'Community Partnerships Lead',
  },
  {
    email: 'hannah.lee@university.edu',
    name: 'Hannah Lee',
    picture: '/team/hannah-lee.svg',
    hometown: 'Portland, OR',
    major: 'Environmental Science',
    classYear: 2026,
    organizations: ['Green Campus Coalition', 'Outdoor Adventure Club'],
    favoriteServiceStory:
      'Our creek cleanup behind campus pulled out a shopping cart, two bikes and a bowling ball. The next spring the herons came back, and now we go every April to check on them.',
    roleTitle: 'Outreach Coordinator',
  },
  {
    email: 'joshua.williams@university.edu',
    name: 'Joshua Williams',
    picture: '/team/joshua-williams.svg',
    hometown: 'Atlanta, GA',
    major: 'Statistics',
    classYear: 2027,
    organizations: ['Alpha Phi Omega', 'Food Recovery Network'],
    favoriteServiceStory:
      'Counting the sign-in sheets after the hunger walk showed our campus served 2,300 meals in one weekend. I have been hooked on measuring impact ever since that night.',
    roleTitle: 'Data & Impact Analyst',
  },
  {
    email: 'sophie.nguyen@university.edu',
    name: 'Sophie Nguyen',
    picture: '/team/sophie-nguyen.svg',
    hometown: 'Garden Grove, CA',
    major: 'Communications',
    classYear: 2028,
    organizations: ['Asian Student Union', 'Kappa Delta'],
    favoriteServiceStory:
      'I filmed a day at the animal shelter for their adoption weekend. Eleven dogs went home, including the grumpy old beagle that nobody expected to find a family.',
    roleTitle: 'Marketing & Social Media Lead',
  },
  {
    email: 'michael.thompson@university.edu',
    name: 'Michael Thompson',
    picture: '/team/michael-thompson.svg',
    hometown: 'Nashville, TN',
    major: 'Business Administration',
    classYear: 2026,
    organizations: ['Sigma Chi', 'Club Rowing'],
    favoriteServiceStory:
      'Coaching a youth soccer team at the rec center: we lost every game and still threw the best party.',
    roleTitle: 'Student Organizations Liaison',
  },
];

export const teamMembers: readonly TeamMember[] = members.map((member) => ({
  ...member,
  id: member.email,
}));
