/**
 * The About page's team: content a university replaces. Each member is a user of the demo data
 * (registered with `email`); `id` must be that user's id, since the card opens /profile/{id}.
 * Pictures live in `public/team/`; a missing one falls back to the default profile image.
 */
export type TeamMember = {
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

export const teamMembers: readonly TeamMember[] = [
  {
    id: '8a2d9a02-3b92-418f-979d-847211074a56',
    email: 'grace.okafor@university.edu',
    name: 'Grace Okafor',
    picture: '/team/grace-okafor.svg',
    hometown: 'Houston, TX',
    major: 'Social Work',
    classYear: 2026,
    organizations: ['Christian Students Fellowship', 'Habitat for Humanity'],
    favoriteServiceStory:
      'On our first spring break trip we repainted a church daycare in Biloxi. Nobody knew each other on Monday; by Friday we were planning the next trip, and that week became the idea for this platform.',
    roleTitle: 'Founder & Project Lead',
  },
  {
    id: 'a13eae9d-2d72-4dbc-a10d-85006670998b',
    email: 'daniel.park@university.edu',
    name: 'Daniel Park',
    picture: '/team/daniel-park.svg',
    hometown: 'Fairfax, VA',
    major: 'Computer Science',
    classYear: 2026,
    organizations: ['ACM Student Chapter', 'Korean Student Association'],
    favoriteServiceStory:
      'Tutoring middle schoolers in math every Tuesday taught me more patience than any class. When one student finally got fractions, she made me a thank-you card shaped like a slice of pizza.',
    roleTitle: 'Lead Developer',
  },
  {
    id: '5d9e69f0-59e9-416d-bdf1-3546fecac475',
    email: 'maria.hernandez@university.edu',
    name: 'María Hernández',
    picture: '/team/maria-hernandez.svg',
    hometown: 'San Antonio, TX',
    major: 'Graphic Design',
    classYear: 2027,
    organizations: ['Design Collective', 'Latinx Student Union'],
    favoriteServiceStory:
      'We built a little free library outside a laundromat downtown. Months later a mom told me her kids now race to pick a book while the washer runs, and they argue over who reads first.',
    roleTitle: 'Product Designer',
  },
  {
    id: '0371a4ae-f5a5-43d9-b17f-01f7124ceb78',
    email: 'ethan.brooks@university.edu',
    name: 'Ethan Brooks',
    picture: '/team/ethan-brooks.svg',
    hometown: 'Columbus, OH',
    major: 'Software Engineering',
    classYear: 2027,
    organizations: ['Robotics Club', 'InterVarsity Christian Fellowship'],
    favoriteServiceStory:
      'My whole hall floor sorted four thousand pounds of sweet potatoes at the regional food bank one Saturday. We were covered in dirt, completely exhausted and laughing the entire time.',
    roleTitle: 'Backend Developer',
  },
  {
    id: '3fbf713b-d330-4060-adb6-568fc0ca4aa6',
    email: 'aisha.rahman@university.edu',
    name: 'Aisha Rahman',
    picture: '/team/aisha-rahman.svg',
    hometown: 'Edison, NJ',
    major: 'Information Science',
    classYear: 2028,
    organizations: ['Women in Computing', 'Muslim Students Association'],
    favoriteServiceStory:
      'Packing iftar meals for families at the community center during Ramadan, then sharing the last box of dates with the other volunteers when the sun finally went down.',
    roleTitle: 'Frontend Developer',
  },
  {
    id: '3059c4d0-8ce9-41ac-8a33-e74aeff25099',
    email: 'caleb.johnson@university.edu',
    name: 'Caleb Johnson',
    picture: '/team/caleb-johnson.svg',
    hometown: 'Greenville, SC',
    major: 'Nonprofit Management',
    classYear: 2025,
    organizations: ['Cru', 'Student Government Association'],
    favoriteServiceStory:
      'Every Saturday morning I drove residents of an assisted living home to the farmers market. Mr. Walter always bought the same peach pie and insisted that we split it on the drive back.',
    roleTitle: 'Community Partnerships Lead',
  },
  {
    id: '96e5c25f-62da-441c-95ad-9d3da240404d',
    email: 'hannah.lee@university.edu',
    name: 'Hannah Lee',
    picture: '/team/hannah-lee.svg',
    hometown: 'Portland, OR',
    major: 'Environmental Science',
    classYear: 2026,
    organizations: ['Sustainability Club', 'Outdoor Adventure Club'],
    favoriteServiceStory:
      'Our creek cleanup behind campus pulled out a shopping cart, two bikes and a bowling ball. The next spring the herons came back, and now we go every April to check on them.',
    roleTitle: 'Outreach Coordinator',
  },
  {
    id: 'f219e5a4-1cb1-4afa-91fd-8e3f80b26cc1',
    email: 'joshua.williams@university.edu',
    name: 'Joshua Williams',
    picture: '/team/joshua-williams.svg',
    hometown: 'Atlanta, GA',
    major: 'Statistics',
    classYear: 2027,
    organizations: ['Black Student Alliance', 'Data Science Club'],
    favoriteServiceStory:
      'Counting the sign-in sheets after the hunger walk showed our campus served 2,300 meals in one weekend. I have been hooked on measuring impact ever since that night.',
    roleTitle: 'Data & Impact Analyst',
  },
  {
    id: '85089829-b446-4ee8-ae8c-d995252bb54a',
    email: 'sophie.nguyen@university.edu',
    name: 'Sophie Nguyen',
    picture: '/team/sophie-nguyen.svg',
    hometown: 'Garden Grove, CA',
    major: 'Communications',
    classYear: 2028,
    organizations: ['Vietnamese Student Association', 'Campus Radio'],
    favoriteServiceStory:
      'I filmed a day at the animal shelter for their adoption weekend. Eleven dogs went home, including the grumpy old beagle that nobody expected to find a family.',
    roleTitle: 'Marketing & Social Media Lead',
  },
  {
    id: '52edeb01-4941-48cc-8fc4-0b50f3d508e5',
    email: 'michael.thompson@university.edu',
    name: 'Michael Thompson',
    picture: '/team/michael-thompson.svg',
    hometown: 'Nashville, TN',
    major: 'Business Administration',
    classYear: 2026,
    organizations: ['Fellowship of Christian Athletes', 'Club Soccer'],
    favoriteServiceStory:
      'Coaching a youth soccer team at the rec center: we lost every game and still threw the best party.',
    roleTitle: 'Student Organizations Liaison',
  },
];
